import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { farmSelectorMachine } from '../../../machines/farm/farmSelector.machine';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { TextField } from '../kit/Field';
import { Alert, Stack, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';

export type FarmSelectorRef = ActorRefFrom<typeof farmSelectorMachine>;

const List = styled('fieldset', { border: 0, padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: '$2' });
const Option = styled('label', { display: 'flex', gap: '$2', alignItems: 'baseline', cursor: 'pointer' });
const Url = styled('span', { color: '$muted', fontSize: '$2', wordBreak: 'break-all' });

/** The farm selector's list, custom URL and buttons; `selector` is the running farm selector actor. */
export function FarmSelector({ selector }: { selector: FarmSelectorRef }) {
  const t = useT();
  const loading = useSelector(selector, (s) => s.hasTag('loading'));
  const failed = useSelector(selector, (s) => s.matches('failed'));
  const farms = useSelector(selector, (s) => s.context.farms);
  const chosen = useSelector(selector, (s) => s.context.chosen);
  const customUrl = useSelector(selector, (s) => s.context.customUrl);
  const urlError = useSelector(selector, (s) => s.context.urlError);
  const canSubmit = useSelector(selector, (s) => s.can({ type: 'user.submit' }));
  const send = selector.send;
  return (
    <form
      aria-label={t('auth.farm.title')}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'user.submit' });
      }}
    >
      <Stack>
        {loading ? <Text>{t('farm.loading')}</Text> : null}
        {failed ? (
          <>
            <Alert role="alert">{t('farm.loadFailed')}</Alert>
            <Button type="button" variant="secondary" onClick={() => send({ type: 'user.retry' })}>
              {t('farm.retry')}
            </Button>
          </>
        ) : null}
        {farms.length > 0 ? (
          <List>
            <legend>{t('farm.list')}</legend>
            {farms.map((farm) => (
              <Option key={farm.uuid}>
                <input type="radio" name="farm" checked={chosen === farm.uuid} onChange={() => send({ type: 'user.chooseFarm', uuid: farm.uuid })} />
                <span>{farm.description}</span>
                <Url>{farm.url}</Url>
              </Option>
            ))}
          </List>
        ) : null}
        <TextField
          label={t('farm.customUrl')}
          value={customUrl}
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          onValueChange={(value) => send({ type: 'user.changeCustomUrl', value })}
          onBlur={() => send({ type: 'user.blurCustomUrl' })}
          error={urlError ? t('farm.invalidUrl') : undefined}
        />
        <Button type="submit" disabled={!canSubmit}>
          {t('farm.submit')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => send({ type: 'user.clearFarm' })}>
          {t('farm.clear')}
        </Button>
      </Stack>
    </form>
  );
}
