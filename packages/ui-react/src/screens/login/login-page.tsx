import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LoginFlow, validateCredentials, type AuthGateway, type Credentials, type Session, type SessionStore } from '@gportal/core';
import { DEMO_USER } from '@gportal/core/memory';
import { Alert, Button, Input, notification } from 'antd';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { AppConfig } from '../../shell/app-config';
import type { ProblemLog } from '../../shell/problem-log';
import { useI18n } from '../../i18n/i18n-provider';
import { useDocumentTitle } from '../../i18n/use-document-title';
import { LanguageSwitch } from '../../i18n/language-switch';
import type { MessageKey } from '../../i18n/messages';
import { errorDetail } from '../../i18n/describe-error';
import { ErrorMessage, Translated } from '../../ui/error-detail';
import { fieldErrorProps, FormField } from '../../ui/form-field';
import { BODY_TEXT } from '../../ui/text-styles';
import { ProblemBanner } from '../problems/problem-banner';

type Field = keyof Credentials;

const REFUSED_NOTICE = 'login.refused';
const LOGIN_PANEL = { background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 24 } as const;
const LOGIN_TITLE = { margin: '0 0 16px', fontSize: 20, fontWeight: 600, lineHeight: 1.4, color: 'rgba(0, 0, 0, 0.88)' } as const;

const REQUIRED_MESSAGE: Readonly<Record<Field, MessageKey>> = { username: 'login.usernameRequired', password: 'login.passwordRequired' };

export interface LoginPageProps {
  config: Pick<AppConfig, 'mode'>;
  problems: ProblemLog;
  auth: AuthGateway;
  sessionStore: SessionStore;
  /** Told once the session is stored. */
  onSignedIn(session: Session): void;
}

/**
 * The login screen: the core's `LoginFlow` decides validity, loading and outcome; this shows them.
 * It needs no router and no container, so it is the whole first screen: `auth` may build the
 * container on the first sign-in.
 */
export function LoginPage({ config, problems, auth, sessionStore, onSignedIn }: LoginPageProps) {
  const { t } = useI18n();
  useDocumentTitle(t('login.title'));
  const [notices, noticeHolder] = notification.useNotification();
  const flow = useMemo(() => new LoginFlow({ auth, session: sessionStore }), [auth, sessionStore]);
  const { loading } = useSyncExternalStore(flow.subscribe, () => flow.state);
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });

  // Validated from the start (the button stays disabled), shown only once a field is touched.
  const errors = validateCredentials(values);
  const hasErrors = Object.keys(errors).length > 0;
  const change = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setTouched((previous) => ({ ...previous, [field]: true }));
  };
  const shownError = (field: Field) => (touched[field] && errors[field] ? t(REQUIRED_MESSAGE[field]) : undefined);

  const submit = async () => {
    const outcome = await flow.submit(values);
    switch (outcome.status) {
      case 'signed-in':
        // The sign-in page's notices have served their purpose.
        notices.destroy(REFUSED_NOTICE);
        onSignedIn(outcome.session);
        return;
      case 'refused':
        // One notice, replaced by the next refusal rather than stacked. The server's message is
        // its own words (often Chinese): the detail beneath a sentence in the active language.
        notices.warning({
          key: REFUSED_NOTICE,
          title: <Translated id="login.failed" />,
          description: <ErrorMessage tell={(translate) => ({ message: translate('login.refused'), detail: errorDetail(outcome.message) })} />,
        });
        return;
      case 'failed':
        // Spec section 8: a failed sign-in request is swallowed; the flow has cleared loading.
        console.warn('sign-in request failed', outcome.error);
        return;
      case 'invalid':
        setTouched({ username: true, password: true });
    }
  };

  return (
    // The page's own text takes antd's font, as antd's `App` gives it to the signed-in screens.
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f5f5f5',
        padding: 16,
        boxSizing: 'border-box',
        ...BODY_TEXT,
      }}
    >
      {noticeHolder}
      <div style={{ width: 380, display: 'flex', flexDirection: 'column', gap: 16 }}>
        <header style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageSwitch />
        </header>
        <main style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <ProblemBanner log={problems} />
          {/* A plain panel, not antd's Card: Card brings Tabs, Dropdown and Menu into the first screen. */}
          <section aria-labelledby="login-title" style={LOGIN_PANEL}>
            <h1 id="login-title" style={LOGIN_TITLE}>
              {t('app.title')}
            </h1>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <FormField id="username" label={t('login.username')} error={shownError('username')}>
                <Input
                  id="username"
                  prefix={<UserOutlined />}
                  autoComplete="username"
                  value={values.username}
                  onChange={(event) => change('username', event.target.value)}
                  {...fieldErrorProps('username', shownError('username'))}
                />
              </FormField>
              <FormField id="password" label={t('login.password')} error={shownError('password')}>
                <Input.Password
                  id="password"
                  prefix={<LockOutlined />}
                  autoComplete="current-password"
                  value={values.password}
                  onChange={(event) => change('password', event.target.value)}
                  {...fieldErrorProps('password', shownError('password'))}
                />
              </FormField>
              <Button type="primary" htmlType="submit" block loading={loading} disabled={hasErrors}>
                {t('login.submit')}
              </Button>
            </form>
          </section>
          {config.mode === 'embedded' && (
            <Alert type="info" showIcon data-testid="demo-account" title={t('login.demoAccount', { username: DEMO_USER.username, password: DEMO_USER.password })} />
          )}
        </main>
      </div>
    </div>
  );
}
