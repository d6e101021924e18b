import cardValidator from 'card-validator';
import {
  CARD_FRAME_KIND,
  isPageToFrame,
  type CardFieldError,
  type CardValidation,
  type FrameToPage,
  type PageToFrame,
  type StoredCard,
  type TokenizeError,
} from '../../contracts/cardFrame';
import './cardFrame.css';

/**
 * The card frame (decision 120): served from its own origin, framed by the app's page. The card number and security
 * code are typed here and leave only for the vault on this origin; the page hears only ready, empty, complete (with
 * the validation), brand, errors, and the token of a stored card.
 */

const query = new URLSearchParams(location.search);
const parentOrigin = query.get('parent') ?? '';
const channel = query.get('channel') ?? '';
/** The vault on this origin (a path: the policy's connect-src 'self' keeps it here anyway). */
const apiBase = (query.get('api') ?? '/api').startsWith('/') ? (query.get('api') ?? '/api') : '/api';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const number = $<HTMLInputElement>('number');
const cvv = $<HTMLInputElement>('cvv');
const numberError = $<HTMLParagraphElement>('number-error');
const cvvError = $<HTMLParagraphElement>('cvv-error');

const text = (name: string, fallback: string) => query.get(name)?.slice(0, 120) || fallback;
document.documentElement.lang = text('lang', 'en');
$('number-label').textContent = text('labelNumber', 'Card number');
$('cvv-label').textContent = text('labelCvv', 'Security code');
const messages = { number: text('errorNumber', 'Invalid card number'), cvv: text('errorCvv', 'Invalid security code') };

// The brand's colours, set through the CSSOM (the policy allows no inline style); only #rgb or #rrggbb is taken.
for (const name of ['accent', 'text', 'border', 'background', 'error']) {
  const value = query.get(name);
  if (value && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value)) document.documentElement.style.setProperty(`--${name}`, value);
}

/** Posts to the one parent this frame was opened for, at its exact origin: never to '*'. */
function tell(message: DistributiveOmit<FrameToPage, 'kind' | 'channel'>) {
  if (window.parent === window || !parentOrigin) return;
  window.parent.postMessage({ kind: CARD_FRAME_KIND, channel, ...message }, parentOrigin);
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** 4242 4242 4242 4242, or the brand's own gaps (American Express: 4-6-5). */
function formatNumber(digits: string, gaps: number[] = [4, 8, 12]): string {
  let out = '';
  [...digits].forEach((d, i) => {
    if (gaps.includes(i)) out += ' ';
    out += d;
  });
  return out;
}

function state() {
  const digits = digitsOf(number.value);
  const code = digitsOf(cvv.value);
  const checked = cardValidator.number(digits);
  const size = checked.card?.code.size ?? 3;
  const validCvv = cardValidator.cvv(code, size).isValid;
  const validation: CardValidation = {
    cardType: checked.card?.type ?? null,
    validNumber: checked.isValid,
    validCvv,
    numberLength: digits.length,
    cvvLength: code.length,
  };
  const errors: CardFieldError[] = [];
  if (digits && !checked.isPotentiallyValid) errors.push({ field: 'number', code: 'invalid' });
  else if (digits && touched.number && !checked.isValid) errors.push({ field: 'number', code: 'incomplete' });
  if (code && !cardValidator.cvv(code, size).isPotentiallyValid) errors.push({ field: 'cvv', code: 'invalid' });
  else if (code && touched.cvv && !validCvv) errors.push({ field: 'cvv', code: 'incomplete' });
  return { digits, code, checked, size, validation, errors, empty: !digits && !code, complete: checked.isValid && validCvv };
}

const touched = { number: false, cvv: false };
let last = { empty: true, complete: false, brand: null as string | null, errors: '[]', validation: '' };

function showErrors(errors: CardFieldError[]) {
  const show = (input: HTMLInputElement, out: HTMLParagraphElement, field: 'number' | 'cvv') => {
    const has = errors.some((e) => e.field === field);
    input.setAttribute('aria-invalid', String(has));
    out.hidden = !has;
    out.textContent = has ? messages[field] : '';
  };
  show(number, numberError, 'number');
  show(cvv, cvvError, 'cvv');
}

/** Formats the fields and tells the page what changed (and only what changed). */
function update() {
  const s = state();
  const formatted = formatNumber(s.digits, s.checked.card?.gaps);
  if (number.value !== formatted) {
    const atEnd = number.selectionStart === number.value.length;
    number.value = formatted;
    if (atEnd) number.setSelectionRange(formatted.length, formatted.length);
  }
  number.maxLength = Math.max(...(s.checked.card?.lengths ?? [19])) + (s.checked.card?.gaps.length ?? 3) + 1;
  cvv.maxLength = s.size;
  if (cvv.value !== s.code) cvv.value = s.code;
  showErrors(s.errors);
  if (s.empty !== last.empty) tell({ event: 'empty', empty: s.empty });
  const brand = s.validation.cardType;
  if (brand !== last.brand) tell({ event: 'brand', brand });
  const validation = JSON.stringify(s.validation);
  if (s.complete !== last.complete || validation !== last.validation) tell({ event: 'complete', complete: s.complete, validation: s.validation });
  const errors = JSON.stringify(s.errors);
  if (errors !== last.errors) tell({ event: 'errors', errors: s.errors });
  last = { empty: s.empty, complete: s.complete, brand, errors, validation };
}

number.addEventListener('input', update);
cvv.addEventListener('input', update);
number.addEventListener('blur', () => {
  touched.number = true;
  update();
});
cvv.addEventListener('blur', () => {
  touched.cvv = true;
  update();
});
$('card').addEventListener('submit', (event) => event.preventDefault());

async function tokenize(request: PageToFrame) {
  const s = state();
  const fail = (errors: TokenizeError[]) => tell({ event: 'tokenizeFailed', requestId: request.requestId, errors });
  if (!s.complete) {
    touched.number = touched.cvv = true;
    update();
    return fail(
      s.errors.length
        ? s.errors.map((e) => ({ code: `${e.field}_${e.code}`, message: messages[e.field] }))
        : [{ code: 'incomplete', message: 'The card is incomplete' }],
    );
  }
  try {
    const answer = await fetch(`${apiBase}/payments/v1/vault/cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ session: request.session, number: s.digits, cvv: s.code, ...request.billing }),
    });
    const body = (await answer.json().catch(() => null)) as {
      data?: { token: string; payment_method: StoredCard };
      code?: string;
      message?: string;
    } | null;
    if (!answer.ok || !body?.data)
      return fail([{ code: body?.code ?? `http_${answer.status}`, message: body?.message ?? 'The card could not be stored' }]);
    number.value = '';
    cvv.value = '';
    touched.number = touched.cvv = false;
    update();
    tell({ event: 'token', requestId: request.requestId, token: body.data.token, paymentMethod: body.data.payment_method });
  } catch {
    fail([{ code: 'network', message: 'The card could not be sent' }]);
  }
}

window.addEventListener('message', (event) => {
  // Only the parent window this frame was opened for, at its exact origin, on this frame's channel.
  if (event.source !== window.parent || event.origin !== parentOrigin) return;
  if (!isPageToFrame(event.data) || event.data.channel !== channel) return;
  void tokenize(event.data);
});

// A parent the browser names (Chromium) must be the one the address says: anything else gets no events.
const ancestor = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins?.[0];
if (!ancestor || ancestor === parentOrigin) {
  update();
  tell({ event: 'ready' });
}
