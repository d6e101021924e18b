import { useSelector } from '@xstate/react';
import { CreditCard } from 'lucide-react';
import { CARD_FRAME_ELEMENT_ID } from '../../../contracts/cardFrame';
import type { CardEntryRef } from '../../../machines/payments/cardEntry.machine';
import type { StoredCardsRef } from '../../../machines/payments/storedCards.machine';
import { brandName, validExpiry, validName, formatExpiry } from '../../../machines/payments/cardEntry.rules';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { FieldError, SelectField, TextField } from '../kit/Field';
import { Card, Heading, Page, Text } from '../kit/Layout';
import { ErrorState } from '../kit/States';
import { styled } from '../kit/stitches.config';
import { AreaScreen } from '../shell/AreaScreen';
import { StoredCards } from './StoredCards';

const Column = styled('div', { width: '100%', maxWidth: 640, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: '$5' });
const Row = styled('div', {
  display: 'grid',
  gap: '0 $4',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '& input, & select': { width: '100%', minWidth: 0 },
  '@tablet': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
});
const Panel = styled(Card, { width: '100%', maxWidth: 'none', boxSizing: 'border-box' });
const FieldsLabel = styled('p', { fontSize: '$2', fontWeight: 600, margin: '0 0 $1' });
/** The card frame: tall enough for its two fields stacked on a phone, side by side from a tablet on. */
const Frame = styled('iframe', {
  display: 'block',
  width: '100%',
  height: 212,
  border: 0,
  marginBottom: '$4',
  colorScheme: 'normal',
  '@tablet': { height: 112 },
});
const Status = styled('p', { margin: '0 0 $4', color: '$muted' });
const Success = styled('p', { margin: '0 0 $4', fontWeight: 600 });

/** The vault's refusals the page words itself (others show the vault's message). */
const TRANSLATED_ERRORS = new Map([['duplicate_card', 'payments.error.duplicate_card' as const]]);

/** /add-card: the card form (names, expiry, country, the secure card frame) and the stored cards. */
export function AddCardPage() {
  const entry = useScreen('cardEntry');
  return (
    <AreaScreen areas={['payments']} ready={!!entry}>
      {() => <AddCardScreen entry={entry!} />}
    </AreaScreen>
  );
}

export function AddCardScreen({ entry }: { entry: CardEntryRef }) {
  const t = useT();
  return (
    <Page>
      <Column>
        <div>
          <Heading>{t('payments.title')}</Heading>
          <Text>{t('payments.intro')}</Text>
        </div>
        <CardForm entry={entry} />
        <StoredCardsOf entry={entry} />
      </Column>
    </Page>
  );
}

/** The card form: names, the secure card frame, expiry and country, and what the last add said. */
export function CardForm({ entry }: { entry: CardEntryRef }) {
  const t = useT();
  const unavailable = useSelector(entry, (s) => s.hasTag('unavailable'));
  const initializing = useSelector(entry, (s) => s.hasTag('initializing'));
  const tokenizing = useSelector(entry, (s) => s.hasTag('tokenizing'));
  const added = useSelector(entry, (s) => s.hasTag('added'));
  const canSubmit = useSelector(entry, (s) => s.can({ type: 'user.submit' }));
  const frameUrl = useSelector(entry, (s) => s.context.fields?.frameUrl ?? null);
  const errors = useSelector(entry, (s) => s.context.errors);
  const addedCard = useSelector(entry, (s) => s.context.paymentMethodData?.paymentMethod ?? null);
  const brand = useSelector(entry, (s) => s.context.validation.cardType);
  if (unavailable)
    return (
      <Panel>
        <ErrorState
          icon={CreditCard}
          title={t('payments.unavailable')}
          action={
            <Button width="auto" onClick={() => entry.send({ type: 'user.retry' })}>
              {t('payments.retry')}
            </Button>
          }
        />
      </Panel>
    );
  return (
    <Panel>
      <form
        noValidate
        aria-label={t('payments.title')}
        onSubmit={(event) => {
          event.preventDefault();
          entry.send({ type: 'user.submit' });
        }}
      >
        {added && addedCard ? (
          <div role="status">
            <Success>{t('payments.added', { brand: brandName(addedCard.card_brand), lastFour: addedCard.card_last_four })}</Success>
            <Button type="button" variant="secondary" onClick={() => entry.send({ type: 'user.addAnother' })}>
              {t('payments.addAnother')}
            </Button>
          </div>
        ) : (
          <>
            <NameFields entry={entry} />
            <FieldsLabel id="card-fields-label">{t('payments.card.fieldsLabel')}</FieldsLabel>
            {frameUrl ? <Frame id={CARD_FRAME_ELEMENT_ID} key={frameUrl} src={frameUrl} title={t('payments.card.fieldsLabel')} /> : null}
            {initializing ? <Status role="status">{t('payments.loadingFields')}</Status> : null}
            {brand ? <Status aria-live="polite">{t('payments.brandDetected', { brand: brandName(brand) })}</Status> : null}
            <ExpiryAndCountry entry={entry} />
            {errors.length ? (
              <div role="alert">
                <FieldError>{t('payments.failed')}</FieldError>
                <ul>
                  {errors.map((e) => (
                    <li key={e.code}>
                      <FieldError as="span">{TRANSLATED_ERRORS.has(e.code) ? t(TRANSLATED_ERRORS.get(e.code)!) : e.message || e.code}</FieldError>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <Button type="submit" disabled={!canSubmit || tokenizing} busy={tokenizing}>
              {tokenizing ? t('payments.adding') : t('payments.submit')}
            </Button>
          </>
        )}
      </form>
    </Panel>
  );
}

function NameFields({ entry }: { entry: CardEntryRef }) {
  const t = useT();
  const first = useSelector(entry, (s) => s.context.first_name);
  const last = useSelector(entry, (s) => s.context.last_name);
  const touched = useSelector(entry, (s) => s.context.touched);
  return (
    <Row>
      <TextField
        label={t('payments.firstName')}
        value={first}
        autoComplete="cc-given-name"
        onValueChange={(value) => entry.send({ type: 'user.edit', field: 'first_name', value })}
        onBlur={() => entry.send({ type: 'user.blur', field: 'first_name' })}
        error={touched.first_name && !validName(first) ? t('payments.nameRequired') : undefined}
      />
      <TextField
        label={t('payments.lastName')}
        value={last}
        autoComplete="cc-family-name"
        onValueChange={(value) => entry.send({ type: 'user.edit', field: 'last_name', value })}
        onBlur={() => entry.send({ type: 'user.blur', field: 'last_name' })}
        error={touched.last_name && !validName(last) ? t('payments.nameRequired') : undefined}
      />
    </Row>
  );
}

function ExpiryAndCountry({ entry }: { entry: CardEntryRef }) {
  const t = useT();
  const expiry = useSelector(entry, (s) => s.context.expiry);
  const expiryTouched = useSelector(entry, (s) => s.context.touched.expiry);
  const today = useSelector(entry, (s) => s.context.today);
  const country = useSelector(entry, (s) => s.context.country);
  const countries = useSelector(entry, (s) => s.context.countries);
  const options = countries.length ? countries.map((c) => ({ value: c.code, label: c.name })) : [{ value: country, label: country }];
  return (
    <Row>
      <TextField
        label={t('payments.expiry')}
        value={expiry}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        onValueChange={(value) => entry.send({ type: 'user.edit', field: 'expiry', value: formatExpiry(value) })}
        onBlur={() => entry.send({ type: 'user.blur', field: 'expiry' })}
        error={expiryTouched && !validExpiry(expiry, today) ? t('payments.expiryInvalid') : undefined}
      />
      <SelectField
        label={t('payments.country')}
        value={country}
        placeholder={t('payments.country')}
        options={options}
        onValueChange={(value) => entry.send({ type: 'user.edit', field: 'country', value })}
      />
    </Row>
  );
}

/** The stored cards: the card form's child flow, which the form tells of each card it stores. */
function StoredCardsOf({ entry }: { entry: CardEntryRef }) {
  const list = useSelector(entry, (s) => s.children.storedCards as StoredCardsRef | undefined);
  return list ? <StoredCards list={list} /> : null;
}
