import { useIntl } from 'react-intl';
import { fallbackLanguage, pickLanguage } from '../../../contracts/contentLanguage';
import { useBuildingSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';

/**
 * The language the current building's content comes in, when it is not the interface's (a French page on an
 * English and Spanish building: `en`), else null. The server picks it by the same rule (decision 082).
 */
export function useContentFallbackLanguage(): string | null {
  const { locale } = useIntl();
  const codes = useBuildingSelector((s) =>
    [...(s.context.current?.languages ?? [])]
      .sort((a, b) => a.priority - b.priority)
      .map((l) => l.code)
      .join(','),
  );
  if (!codes) return null;
  return fallbackLanguage(pickLanguage(codes.split(','), [locale]), locale);
}

/** A language's name in the interface's language (`en` in French: « anglais »). */
export function useLanguageName(tag: string): string {
  const { locale } = useIntl();
  try {
    return new Intl.DisplayNames([locale], { type: 'language', languageDisplay: 'standard' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const Note = styled('p', {
  margin: 0,
  padding: '$2 $3',
  borderRadius: '$2',
  fontSize: '$2',
  backgroundColor: '$background',
  color: '$text',
  border: '1px solid $border',
});

/** "Shown in English": said once on a page whose operator texts are in another language than the interface. */
export function ContentLanguageNote({ language }: { language: string }) {
  const t = useT();
  const name = useLanguageName(language);
  return (
    <Note data-testid="content-language-note" data-language={language}>
      {t('shell.contentLanguage.note', { language: name })}
    </Note>
  );
}
