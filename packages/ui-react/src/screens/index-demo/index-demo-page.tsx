import { USER_CACHE, type UserCache } from '@gportal/core';
import { App, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../shell/routes';
import { useService } from '../../ui/services';
import { useI18n } from '../../i18n/i18n-provider';
import { useDocumentTitle } from '../../i18n/use-document-title';
import { Panel } from '../layout/panel';

/** The demo uses key `test` and one text value (spec section 3). */
const CACHE_KEY = 'test';
/** The page's notices replace each other instead of piling up. */
const NOTICE = 'indexDemo.cache';

function asInputText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The index demo (route testIndex): go to the map page, and set, get and clear the user cache. */
export function IndexDemoPage() {
  const cache = useService<UserCache>(USER_CACHE);
  const { t } = useI18n();
  useDocumentTitle(t('indexDemo.title'));
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [value, setValue] = useState('');

  const setCache = async () => {
    await cache.setUserItem(CACHE_KEY, value);
    void message.success({ key: NOTICE, content: t('indexDemo.cached') });
  };
  const getCache = async () => {
    try {
      const stored = await cache.getUserItem(CACHE_KEY);
      setValue(asInputText(stored));
      if (stored === undefined) void message.info({ key: NOTICE, content: t('indexDemo.nothingStored') });
    } catch (error) {
      // Spec section 8: a failed read is only logged.
      console.log(error);
    }
  };
  const clearCache = async () => {
    await cache.clearUser();
    setValue('');
    void message.success({ key: NOTICE, content: t('indexDemo.cleared') });
  };

  return (
    <Panel title={t('indexDemo.title')}>
      <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 560 }}>
        <Space wrap>
          <Button type="primary" onClick={() => navigate(ROUTES.testMap)}>
            {t('indexDemo.goToMap')}
          </Button>
          <Button onClick={() => void setCache()}>{t('indexDemo.setCache')}</Button>
          <Button onClick={() => void getCache()}>{t('indexDemo.getCache')}</Button>
          <Button danger onClick={() => void clearCache()}>
            {t('indexDemo.clearCache')}
          </Button>
        </Space>
        <Input
          aria-label={t('indexDemo.placeholder')}
          placeholder={t('indexDemo.placeholder')}
          allowClear
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </Space>
    </Panel>
  );
}
