import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Camera, ImagePlus, X } from 'lucide-react';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../../contracts/serviceRequests';
import type { ServiceRequestsRef } from '../../../machines/serviceRequests/serviceRequests.machine';
import type { ChosenPhoto } from '../../../machines/serviceRequests/serviceRequests.types';
import { useT } from '../../i18n/useT';
import { FieldError } from '../kit/Field';
import { FilePreview } from '../kit/FilePreview';
import { styled } from '../kit/stitches.config';

const MB = MAX_PHOTO_BYTES / (1024 * 1024);

const Section = styled('div', { marginBottom: '$4', minWidth: 0 });
const SectionLabel = styled('p', { fontSize: '$2', fontWeight: 600, margin: '0 0 $1' });
const Hint = styled('p', { color: '$muted', fontSize: '$2', margin: '0 0 $2' });
const Thumbs = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $2',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))',
  gap: '$2',
});
const Thumb = styled('li', {
  position: 'relative',
  aspectRatio: '1 / 1',
  borderRadius: '$2',
  overflow: 'hidden',
  backgroundColor: '$border',
  '& img, & [data-preview-pending]': { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
});
const RemoveButton = styled('button', {
  appearance: 'none',
  position: 'absolute',
  top: 2,
  insetInlineEnd: 2,
  width: 44,
  height: 44,
  border: 0,
  padding: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'transparent',
  cursor: 'pointer',
  // The visible disc is smaller than the 44 px target, and stays readable on any photo.
  '& span': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 28,
    height: 28,
    borderRadius: '$round',
    backgroundColor: 'rgba(0, 0, 0, 0.72)',
    color: '#fff',
  },
  '&:hover span': { backgroundColor: '#000' },
  '&:focus-visible': { outline: 'none' },
  '&:focus-visible span': { outline: '2px solid #fff', boxShadow: '0 0 0 4px $colors$primary' },
  '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
});
const Buttons = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2' });
// The native file inputs, kept for the keyboard and screen readers but drawn as the kit's secondary buttons.
const FileInput = styled('input', {
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  overflow: 'hidden',
  '&:focus-visible + label': { outline: '2px solid $colors$primary', outlineOffset: 2 },
});
const FileButton = styled('label', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  minHeight: 44,
  padding: '$2 $4',
  border: '1px solid $primary',
  borderRadius: '$2',
  color: '$primary',
  fontWeight: 600,
  cursor: 'pointer',
  variants: { disabled: { true: { opacity: 0.55, cursor: 'not-allowed' } } },
});
// The camera's input and button are a phone's (a touch screen): a desktop browser would only open its file dialog
// again, so there they are neither shown nor reached by the keyboard.
const CameraOnly = styled('span', { display: 'none', '@media (pointer: coarse)': { display: 'contents' } });

/**
 * The new request's photos (issue 26): thumbnails with a remove button each, the files refused and why, and two ways
 * to add: the camera on a phone (`capture`), or photos chosen from the device. What is attached is the flow's.
 */
export function PhotoPicker({ actor }: { actor: ServiceRequestsRef }) {
  const t = useT();
  const id = useId();
  const photos = useSelector(actor, (s) => s.context.photos);
  const refused = useSelector(actor, (s) => s.context.refused);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const full = photos.length >= MAX_PHOTOS;
  const add = (files: FileList | null) => {
    const chosen: ChosenPhoto[] = Array.from(files ?? []);
    if (chosen.length) actor.send({ type: 'user.addPhotos', photos: chosen });
  };
  return (
    <Section role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <SectionLabel id={`${id}-label`}>{t('serviceRequests.photos.label')}</SectionLabel>
      <Hint id={`${id}-hint`}>{t('serviceRequests.photos.hint', { count: MAX_PHOTOS, size: MB })}</Hint>
      {photos.length ? (
        <Thumbs aria-label={t('serviceRequests.photos.attached', { count: photos.length })} data-testid="service-request-photos">
          {photos.map((photo, index) => (
            <Thumb key={`${photo.name}-${photo.size}`}>
              <FilePreview file={photo} alt={photo.name} />
              <RemoveButton
                type="button"
                aria-label={t('serviceRequests.photos.remove', { name: photo.name })}
                disabled={submitting}
                onClick={() => actor.send({ type: 'user.removePhoto', index })}
              >
                <span>
                  <X size={16} aria-hidden="true" />
                </span>
              </RemoveButton>
            </Thumb>
          ))}
        </Thumbs>
      ) : null}
      {refused.length ? (
        <div role="alert" data-testid="service-request-refused">
          {refused.map((file) => (
            <FieldError key={`${file.name}-${file.reason}`}>
              {t(`serviceRequests.refused.${file.reason}`, { name: file.name, count: MAX_PHOTOS, size: MB })}
            </FieldError>
          ))}
        </div>
      ) : null}
      <Buttons>
        <CameraOnly>
          <FileInput
            id={`${id}-camera`}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={full || submitting}
            data-testid="service-request-camera"
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
          />
          <FileButton htmlFor={`${id}-camera`} disabled={full || submitting}>
            <Camera size={18} aria-hidden="true" />
            {t('serviceRequests.photos.take')}
          </FileButton>
        </CameraOnly>
        <FileInput
          id={`${id}-choose`}
          type="file"
          accept="image/*"
          multiple
          disabled={full || submitting}
          data-testid="service-request-photo-input"
          onChange={(e) => {
            add(e.target.files);
            // The same photo may be chosen again after it was removed.
            e.target.value = '';
          }}
        />
        <FileButton htmlFor={`${id}-choose`} disabled={full || submitting}>
          <ImagePlus size={18} aria-hidden="true" />
          {t('serviceRequests.photos.choose')}
        </FileButton>
      </Buttons>
    </Section>
  );
}
