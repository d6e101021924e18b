import { activeStep, authModal, authView, sameStep } from '../../../machines/auth/authFlow.selectors';
import { useT } from '../../i18n/useT';
import { Card, FullScreenCenter, Page, Spinner } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { useAppSelector } from '../appContext';
import { AuthStepContext, useAuthFlowSelector, useAuthSelector } from './AuthFlowContext';
import { EmailStep, PasswordStep } from './EmailStep';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

// Sign-up and reset are their own chunks: the first load of /login carries only the email and password steps.
const signup = (name: keyof typeof import('./SignupSteps')) =>
  lazy(() => import('./SignupSteps').then((m) => ({ default: m[name] as ComponentType })));
const reset = (name: keyof typeof import('./ResetSteps')) => lazy(() => import('./ResetSteps').then((m) => ({ default: m[name] as ComponentType })));

const Brand = styled('header', { display: 'flex', alignItems: 'center', gap: '$3', marginBottom: '$5' });
const Logo = styled('img', { height: 40 });
const BrandName = styled('span', { fontSize: '$4', fontWeight: 700, color: '$primary' });

const VIEWS = {
  email: EmailStep,
  password: PasswordStep,
  building_select: signup('BuildingSelectStep'),
  create_account: signup('CreateAccountStep'),
  create_password: signup('CreatePasswordStep'),
  accept_terms: signup('AcceptTermsStep'),
  verify_account: signup('VerifyAccountStep'),
  enter_code: signup('EnterCodeStep'),
  congratulations: signup('CongratulationsStep'),
  reset_verify: reset('ResetVerifyStep'),
  reset_code: reset('ResetCodeStep'),
  reset_new_password: reset('ResetNewPasswordStep'),
  reset_done: reset('ResetDoneStep'),
} as const;

const modal = (name: keyof typeof import('./AuthModals')) => lazy(() => import('./AuthModals').then((m) => ({ default: m[name] as ComponentType })));
const MODALS = { sso: modal('SsoModal'), invalidDomain: modal('InvalidDomainModal'), farm: modal('FarmModal') } as const;

/** Sign-in, sign-up and reset: renders the running step of the flow, with its modal. */
export function AuthScreen() {
  const step = useAuthFlowSelector(activeStep, sameStep);
  const signedIn = useAuthFlowSelector((s) => s.status === 'done');
  // Signed in: the routing rules take the person on from here.
  if (signedIn) return <Progress />;
  // No step runs while the next one's code arrives.
  if (!step) return <Frame />;
  return (
    <AuthStepContext.Provider value={step}>
      <StepScreen />
    </AuthStepContext.Provider>
  );
}

function Progress() {
  const t = useT();
  return (
    <FullScreenCenter aria-busy="true">
      <Spinner role="progressbar" aria-label={t('app.loading')} />
    </FullScreenCenter>
  );
}

/** The brand over the card that holds the step (a spinner until there is one), and the step's modal. */
function Frame({ view, children, dialog }: { view?: string; children?: ReactNode; dialog?: ReactNode }) {
  const t = useT();
  const brandName = useAppSelector((s) => s.context.whitelabel?.name ?? 'Atrium');
  const logo = useAppSelector((s) => s.context.whitelabel?.logoUrl ?? null);
  const spinner = <Spinner role="progressbar" aria-label={t('app.loading')} />;
  return (
    <Page>
      <Brand data-testid="brand">{logo ? <Logo src={logo} alt={brandName} /> : <BrandName>{brandName}</BrandName>}</Brand>
      <Card data-view={view}>{children ? <Suspense fallback={spinner}>{children}</Suspense> : spinner}</Card>
      {dialog ? <Suspense fallback={null}>{dialog}</Suspense> : null}
    </Page>
  );
}

function StepScreen() {
  const view = useAuthSelector(authView);
  const openModal = useAuthSelector(authModal);
  if (view === 'sso_return' || view === 'redirecting') return <Progress />;
  const Step = VIEWS[view];
  const Dialog = openModal ? MODALS[openModal] : null;
  return (
    <Frame view={view} dialog={Dialog ? <Dialog /> : null}>
      <Step />
    </Frame>
  );
}
