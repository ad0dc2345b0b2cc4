import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { AUTH_GATEWAY, LoginFlow, SESSION_STORE, validateCredentials, type AuthGateway, type Credentials, type SessionStore } from '@gportal/core';
import { DEMO_USER } from '@gportal/core/memory';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { AppConfig } from '../../app/app-config';
import { APP_CONFIG } from '../../app/app-tokens';
import { ROUTES } from '../../app/routes';
import { useService } from '../../app/services';
import { useSession } from '../../app/session-provider';
import { useI18n } from '../../i18n/i18n-provider';
import { LanguageSwitch } from '../../i18n/language-switch';
import type { MessageKey } from '../../i18n/messages';
import { ProblemBanner } from '../problems/problem-banner';

type Field = keyof Credentials;

const REFUSED_NOTICE = 'login.refused';
const LOGIN_PANEL = { background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 24 } as const;
const LOGIN_TITLE = { margin: '0 0 16px', fontSize: 20, fontWeight: 600, lineHeight: 1.4, color: 'rgba(0, 0, 0, 0.88)' } as const;

const REQUIRED_MESSAGE: Readonly<Record<Field, MessageKey>> = { username: 'login.usernameRequired', password: 'login.passwordRequired' };

/** The login screen: the core's `LoginFlow` decides validity, loading and outcome; this shows them. */
export function LoginPage() {
  const config = useService<AppConfig>(APP_CONFIG);
  const auth = useService<AuthGateway>(AUTH_GATEWAY);
  const sessionStore = useService<SessionStore>(SESSION_STORE);
  const { session, signedIn } = useSession();
  const { t } = useI18n();
  const { notification } = App.useApp();
  const flow = useMemo(() => new LoginFlow({ auth, session: sessionStore }), [auth, sessionStore]);
  const { loading } = useSyncExternalStore(flow.subscribe, () => flow.state);
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const asked = (useLocation().state as { from?: unknown } | null)?.from;

  // Back to the page the user asked for before signing in; the spec's landing route when none.
  if (session) return <Navigate to={typeof asked === 'string' && asked !== '/' && asked !== ROUTES.login ? asked : config.landingRoute} replace />;

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
        notification.destroy(REFUSED_NOTICE);
        signedIn(outcome.session);
        return;
      case 'refused':
        // One notice, replaced by the next refusal rather than stacked.
        notification.warning({ key: REFUSED_NOTICE, title: t('login.failed'), description: outcome.message });
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
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f5f5', padding: 16 }}>
      <Space orientation="vertical" size="middle" style={{ width: 380 }}>
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageSwitch />
        </div>
        <ProblemBanner />
        {/* A plain panel, not antd's Card: Card brings Tabs, Dropdown and Menu into the first screen. */}
        <section aria-labelledby="login-title" style={LOGIN_PANEL}>
          <h1 id="login-title" style={LOGIN_TITLE}>
            {t('app.title')}
          </h1>
          <Form layout="vertical" onFinish={() => void submit()}>
            <Form.Item label={t('login.username')} htmlFor="username" validateStatus={shownError('username') ? 'error' : ''} help={shownError('username')}>
              <Input id="username" prefix={<UserOutlined />} autoComplete="username" value={values.username} onChange={(event) => change('username', event.target.value)} />
            </Form.Item>
            <Form.Item label={t('login.password')} htmlFor="password" validateStatus={shownError('password') ? 'error' : ''} help={shownError('password')}>
              <Input.Password
                id="password"
                prefix={<LockOutlined />}
                autoComplete="current-password"
                value={values.password}
                onChange={(event) => change('password', event.target.value)}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading} disabled={hasErrors}>
              {t('login.submit')}
            </Button>
          </Form>
        </section>
        {config.mode === 'embedded' && (
          <Alert type="info" showIcon data-testid="demo-account" title={t('login.demoAccount', { username: DEMO_USER.username, password: DEMO_USER.password })} />
        )}
      </Space>
    </div>
  );
}
