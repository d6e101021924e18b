import { useT } from '../../i18n/useT';
import { samlLink } from '../../../machines/auth/authFlow.screen';
import { useAppSelector } from '../appContext';
import { Button, ButtonBase } from '../kit/Button';
import { Modal, ModalActions } from '../kit/Modal';
import { Text } from '../kit/Layout';
import { useAuthSelector, useCan, useSend, useSignInSelector } from './AuthFlowContext';
import { FarmSelector } from '../farm/FarmSelector';

const domainOf = (email: string) => email.split('@')[1] ?? email;

export function SsoModal() {
  const t = useT();
  const send = useSend();
  const sso = useSignInSelector((s) => s.context.sso);
  const apiBase = useAppSelector((s) => s.context.farm?.url ?? s.context.config.apiBase);
  const email = useAuthSelector((s) => s.context.fields.email);
  const canUsePassword = useCan({ type: 'user.usePassword' });
  const canUseEmail = useCan({ type: 'user.continueWithEmail' });
  const close = () => send({ type: 'user.close' });
  return (
    <Modal title={t('auth.sso.title')} onClose={close}>
      <Text>{t(sso?.sso_required ? 'auth.sso.required' : 'auth.sso.optional', { domain: domainOf(email) })}</Text>
      <ModalActions>
        {sso?.oidc_providers.map((provider) => (
          <Button key={provider.uuid} type="button" onClick={() => send({ type: 'user.chooseProvider', uuid: provider.uuid })}>
            {t('auth.sso.provider', { name: provider.name })}
          </Button>
        ))}
        {sso?.saml_providers.map((provider) => (
          <ButtonBase
            key={provider.uuid}
            as="a"
            variant="secondary"
            href={samlLink(apiBase, provider)}
            css={{ textAlign: 'center', textDecoration: 'none' }}
          >
            {t('auth.sso.saml', { name: provider.name })}
          </ButtonBase>
        ))}
        {canUsePassword ? (
          <Button type="button" variant="secondary" onClick={() => send({ type: 'user.usePassword' })}>
            {t('auth.sso.usePassword')}
          </Button>
        ) : null}
        {canUseEmail ? (
          <Button type="button" variant="secondary" onClick={() => send({ type: 'user.continueWithEmail' })}>
            {t('auth.sso.continueWithEmail')}
          </Button>
        ) : null}
        <Button type="button" variant="link" onClick={close}>
          {t('auth.close')}
        </Button>
      </ModalActions>
    </Modal>
  );
}

export function InvalidDomainModal() {
  const t = useT();
  const send = useSend();
  const email = useAuthSelector((s) => s.context.fields.email);
  const close = () => send({ type: 'user.close' });
  return (
    <Modal title={t('auth.invalidDomain.title')} onClose={close}>
      <Text>{t('auth.invalidDomain.description', { domain: domainOf(email) })}</Text>
      <ModalActions>
        <Button type="button" onClick={close}>
          {t('auth.close')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => send({ type: 'user.report' })}>
          {t('auth.invalidDomain.report')}
        </Button>
      </ModalActions>
    </Modal>
  );
}

export function FarmModal() {
  const t = useT();
  const send = useSend();
  const selector = useSignInSelector((s) => s.children.farmSelector);
  const close = () => send({ type: 'user.close' });
  return (
    <Modal title={t('auth.farm.title')} onClose={close}>
      <Text>{t('auth.farm.description')}</Text>
      {selector ? <FarmSelector selector={selector} /> : null}
      <ModalActions>
        <Button type="button" variant="link" onClick={close}>
          {t('auth.close')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
