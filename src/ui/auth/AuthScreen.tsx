import { authModal, authView } from '../../../machines/auth/authFlow.selectors';
import { useT } from '../../i18n/useT';
import { Card, FullScreenCenter, Page, Spinner } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { useAppSelector } from '../../app/AppActorContext';
import { useAuthSelector } from './AuthFlowContext';
import { EmailStep, PasswordStep } from './EmailStep';
import { FarmModal, InvalidDomainModal, SsoModal } from './AuthModals';
import {
  AcceptTermsStep,
  BuildingSelectStep,
  CongratulationsStep,
  CreateAccountStep,
  CreatePasswordStep,
  EnterCodeStep,
  VerifyAccountStep,
} from './SignupSteps';
import { ResetCodeStep, ResetDoneStep, ResetNewPasswordStep, ResetVerifyStep } from './ResetSteps';

const Brand = styled('header', { display: 'flex', alignItems: 'center', gap: '$3', marginBottom: '$5' });
const Logo = styled('img', { height: 40 });
const BrandName = styled('span', { fontSize: '$4', fontWeight: 700, color: '$primary' });

const VIEWS = {
  email: EmailStep,
  password: PasswordStep,
  building_select: BuildingSelectStep,
  create_account: CreateAccountStep,
  create_password: CreatePasswordStep,
  accept_terms: AcceptTermsStep,
  verify_account: VerifyAccountStep,
  enter_code: EnterCodeStep,
  congratulations: CongratulationsStep,
  reset_verify: ResetVerifyStep,
  reset_code: ResetCodeStep,
  reset_new_password: ResetNewPasswordStep,
  reset_done: ResetDoneStep,
} as const;

const MODALS = { sso: SsoModal, invalidDomain: InvalidDomainModal, farm: FarmModal } as const;

/** Sign-in, sign-up and reset: renders the flow's current step and modal. */
export function AuthScreen() {
  const t = useT();
  const view = useAuthSelector(authView);
  const modal = useAuthSelector(authModal);
  const brandName = useAppSelector((s) => s.context.whitelabel?.name ?? 'Atrium');
  const logo = useAppSelector((s) => s.context.whitelabel?.logoUrl ?? null);
  if (view === 'sso_return' || view === 'redirecting') {
    return (
      <FullScreenCenter aria-busy="true">
        <Spinner role="progressbar" aria-label={t('app.loading')} />
      </FullScreenCenter>
    );
  }
  const Step = VIEWS[view];
  const Dialog = modal ? MODALS[modal] : null;
  return (
    <Page>
      <Brand data-testid="brand">{logo ? <Logo src={logo} alt={brandName} /> : <BrandName>{brandName}</BrandName>}</Brand>
      <Card data-view={view}>
        <Step />
      </Card>
      {Dialog ? <Dialog /> : null}
    </Page>
  );
}
