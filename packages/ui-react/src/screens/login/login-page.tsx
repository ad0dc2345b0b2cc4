import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { AUTH_GATEWAY, SESSION_STORE, type AuthGateway, type Credentials, type SessionStore } from '@gportal/core';
import { DEMO_USER } from '@gportal/core/memory';
import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { AppConfig } from '../../app/app-config';
import { APP_CONFIG } from '../../app/problem-log';
import { useService } from '../../app/services';
import { useSession } from '../../app/session-provider';
import { useI18n } from '../../i18n/i18n-provider';
import { LanguageSwitch } from '../../i18n/language-switch';
import { ProblemBanner } from '../problems/problem-banner';

type Field = keyof Credentials;

// TEMPORARY until @gportal/core exports validateCredentials / LoginFlow.
function validateCredentials(values: Credentials): Partial<Record<Field, string>> {
  return {
    ...(values.username ? {} : { username: '请输入用户名!' }),
    ...(values.password ? {} : { password: '请输入密码!' }),
  };
}

export function LoginPage() {
  const config = useService<AppConfig>(APP_CONFIG);
  const gateway = useService<AuthGateway>(AUTH_GATEWAY);
  const store = useService<SessionStore>(SESSION_STORE);
  const { session, signedIn } = useSession();
  const { t } = useI18n();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [loading, setLoading] = useState(false);

  if (session && !loading) return <Navigate to={config.landingRoute} replace />;

  // Validated from the start (the button stays disabled), shown only once a field is touched.
  const errors = validateCredentials(values);
  const hasErrors = Object.keys(errors).length > 0;
  const change = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setTouched((previous) => ({ ...previous, [field]: true }));
  };
  const shownError = (field: Field) => (touched[field] ? errors[field] : undefined);

  const submit = async () => {
    if (hasErrors) return;
    setLoading(true);
    try {
      const result = await gateway.login(values);
      if (!result.isOk || !result.data) {
        notification.warning({ title: t('login.failed'), description: result.msg });
        return;
      }
      const { token, ...user } = result.data;
      const next = { user, ...(typeof token === 'string' ? { token } : {}), signedInAt: new Date().toISOString() };
      await store.save(next);
      signedIn(next);
      navigate(config.landingRoute, { replace: true });
    } catch (error) {
      // Spec section 8: a failed sign-in request is swallowed; only the loading state clears.
      console.warn('sign-in request failed', error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f5f5', padding: 16 }}>
      <Space direction="vertical" size="middle" style={{ width: 380 }}>
        <ProblemBanner />
        <Card
          title={
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('app.title')}
            </Typography.Title>
          }
          extra={<LanguageSwitch />}
        >
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
        </Card>
        {config.mode === 'embedded' && (
          <Alert type="info" showIcon data-testid="demo-account" title={t('login.demoAccount', { username: DEMO_USER.username, password: DEMO_USER.password })} />
        )}
      </Space>
    </div>
  );
}
