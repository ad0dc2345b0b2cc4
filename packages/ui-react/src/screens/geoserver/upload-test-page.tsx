import { FILE_UPLOAD, type FileUpload, type PortalResult, type UploadFieldValue } from '@gportal/core';
import { Alert, Card, Input, Progress, Space, Typography } from 'antd';
import { useState, type ChangeEvent } from 'react';
import { useService } from '../../app/services';
import { useI18n } from '../../i18n/i18n-provider';
import { errorText, formatResult } from './format-result';

/** The fixed sample fields posted with the files (spec section 7: id, name and a nested list). */
export const UPLOAD_SAMPLE_FIELDS: Record<string, UploadFieldValue> = {
  id: 20,
  name: 'store_20',
  list: [
    { key: 'srid', value: 4490 },
    { key: 'databaseName', value: 'store_' },
  ],
};

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; count: number; percent: number }
  | { status: 'done'; percent: number; answer: PortalResult }
  | { status: 'failed'; percent: number; detail: string };

/** The file upload test (`/geoserver/upload`): choosing files posts them at once with the sample fields. */
export function UploadTestPage() {
  const upload = useService<FileUpload>(FILE_UPLOAD);
  const { t } = useI18n();
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    if (chosen.length === 0) return;
    setState({ status: 'uploading', count: chosen.length, percent: 0 });
    let percent = 0;
    try {
      const files = await Promise.all(chosen.map(async (file) => ({ name: file.name, type: file.type, content: new Uint8Array(await file.arrayBuffer()) })));
      const answer = await upload.upload(
        { files, fields: UPLOAD_SAMPLE_FIELDS },
        {
          onProgress: ({ loaded, total }) => {
            percent = total > 0 ? Math.round((loaded / total) * 100) : 100;
            setState({ status: 'uploading', count: chosen.length, percent });
          },
        },
      );
      setState({ status: 'done', percent: 100, answer });
    } catch (error) {
      setState({ status: 'failed', percent, detail: errorText(error) });
    } finally {
      // The same files may be chosen again.
      event.target.value = '';
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 760 }}>
      <Card size="small" title={t('upload.title')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('upload.hint')}</Typography.Text>
          <input type="file" multiple aria-label={t('upload.choose')} onChange={(event) => void send(event)} disabled={state.status === 'uploading'} />
          <Typography.Text strong>{t('upload.fields')}</Typography.Text>
          <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {formatResult(UPLOAD_SAMPLE_FIELDS)}
          </Typography.Paragraph>
        </Space>
      </Card>
      {state.status !== 'idle' && (
        <Card size="small" title={t('upload.progress')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {state.status === 'uploading' && <Typography.Text>{t('upload.uploading', { count: state.count })}</Typography.Text>}
            <Progress
              aria-label={t('upload.progress')}
              percent={state.percent}
              status={state.status === 'failed' || (state.status === 'done' && !state.answer.isOk) ? 'exception' : state.status === 'done' ? 'success' : 'active'}
            />
            {state.status === 'failed' && <Alert type="error" showIcon title={t('upload.failed', { detail: state.detail })} />}
            {state.status === 'done' && (
              <Input.TextArea aria-label={t('upload.answer')} readOnly value={formatResult(state.answer)} autoSize={{ minRows: 3, maxRows: 16 }} style={{ fontFamily: 'monospace', fontSize: 12 }} />
            )}
          </Space>
        </Card>
      )}
    </Space>
  );
}
