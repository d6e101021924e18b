import { useNotificationsRef, useNotificationsSelector } from '../appContext';
import type { MessageId } from '../../i18n/locales';
import type { AreaMessageId } from '../../i18n/areas';
import { AreaMessages } from '../../i18n/AreaMessages';
import { useT } from '../../i18n/useT';
import { Toast } from '../kit/Toast';
import { ToastViewport } from '../kit/ToastViewport';

/**
 * The app's toasts (the notifications actor), newest last; each can be dismissed by mouse or keyboard, and none
 * leaves while the pointer or the focus is on them.
 */
export function NotificationList() {
  return (
    <AreaMessages areas={['shell']}>
      <Toasts />
    </AreaMessages>
  );
}

function Toasts() {
  const t = useT();
  const notifications = useNotificationsRef();
  const shown = useNotificationsSelector((s) => s.context.notifications);
  return (
    <ToastViewport
      onMouseEnter={() => notifications.send({ type: 'user.pause' })}
      onMouseLeave={() => notifications.send({ type: 'user.resume' })}
      onFocus={() => notifications.send({ type: 'user.pause' })}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) notifications.send({ type: 'user.resume' });
      }}
    >
      {shown.map((n) => (
        <Toast
          key={n.key}
          tone={n.tone}
          dismissLabel={t('notifications.dismiss')}
          onDismiss={() => notifications.send({ type: 'user.dismiss', key: n.key })}
        >
          {'id' in n.message ? t(n.message.id as MessageId | AreaMessageId, n.message.values) : n.message.text}
        </Toast>
      ))}
    </ToastViewport>
  );
}
