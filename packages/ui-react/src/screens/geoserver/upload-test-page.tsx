import { FILE_UPLOAD, type FileUpload, type PortalResult, type UploadFieldValue } from '@gportal/core';
import { CheckCircleFilled, CloseCircleFilled, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useService } from '../../ui/services';
import { useI18n } from '../../i18n/i18n-provider';
import { tellError } from '../../i18n/describe-error';
import { ErrorMessage, RAW_TEXT_ATTRIBUTE } from '../../ui/error-detail';
import { formatResult } from './format-result';
import { useDocumentTitle } from '../../i18n/use-document-title';
import { SECONDARY_TEXT, STRONG_TEXT } from '../../ui/text-styles';
import { COLORS } from '../../theme/theme';
import { Panel } from '../layout/panel';

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
  | { status: 'failed'; percent: number; error: unknown };

const PROGRESS_COLORS = { active: COLORS.primary, success: '#52c41a', exception: COLORS.error } as const;

/**
 * antd's line progress (rail, bar, then the percentage or the outcome's icon). antd's `Progress`
 * also carries its circle and dashboard forms (~4 KiB gzip) for this one bar.
 */
function ProgressBar({ label, percent, status }: { label: string; percent: number; status: keyof typeof PROGRESS_COLORS }) {
  const color = PROGRESS_COLORS[status];
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <div style={{ flex: 1, height: 8, borderRadius: 100, background: 'rgba(0, 0, 0, 0.06)', overflow: 'hidden' }}>
        <div style={{ width: `${percent}%`, height: '100%', borderRadius: 100, background: color, transition: 'width 0.3s' }} />
      </div>
      <span style={{ minWidth: 40, color: status === 'active' ? 'rgba(0, 0, 0, 0.88)' : color, whiteSpace: 'nowrap' }}>
        {status === 'success' ? <CheckCircleFilled aria-hidden /> : status === 'exception' ? <CloseCircleFilled aria-hidden /> : `${percent}%`}
      </span>
    </div>
  );
}

/** The file upload test (`/geoserver/upload`): choosing files posts them at once with the sample fields. */
export function UploadTestPage() {
  const upload = useService<FileUpload>(FILE_UPLOAD);
  const { t } = useI18n();
  useDocumentTitle(t('a11y.pageTitle', { title: t('geoserver.fileTest'), app: t('geoserver.title') }));
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const [chosen, setChosen] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);

  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    if (picked.length === 0) return;
    setChosen(picked.map((file) => file.name));
    setState({ status: 'uploading', count: picked.length, percent: 0 });
    let percent = 0;
    try {
      const files = await Promise.all(picked.map(async (file) => ({ name: file.name, type: file.type, content: new Uint8Array(await file.arrayBuffer()) })));
      const answer = await upload.upload(
        { files, fields: UPLOAD_SAMPLE_FIELDS },
        {
          onProgress: ({ loaded, total }) => {
            percent = total > 0 ? Math.round((loaded / total) * 100) : 100;
            setState({ status: 'uploading', count: picked.length, percent });
          },
        },
      );
      setState({ status: 'done', percent: 100, answer });
    } catch (error) {
      setState({ status: 'failed', percent, error });
    } finally {
      // The same files may be chosen again.
      event.target.value = '';
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 760 }}>
      <Panel size="small" title={t('upload.title')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span style={SECONDARY_TEXT}>{t('upload.hint')}</span>
          {/* The browser's own file input speaks the browser's language; the button speaks the app's. */}
          <input ref={input} type="file" multiple hidden aria-label={t('upload.choose')} onChange={(event) => void send(event)} />
          <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={state.status === 'uploading'} onClick={() => input.current?.click()} style={{ alignSelf: 'flex-start' }}>
            {t('upload.choose')}
          </Button>
          {chosen.length > 0 && (
            <span data-testid="upload-chosen" {...{ [RAW_TEXT_ATTRIBUTE]: '' }}>
              {chosen.join('、')}
            </span>
          )}
          <strong style={STRONG_TEXT}>{t('upload.fields')}</strong>
          <pre {...{ [RAW_TEXT_ATTRIBUTE]: '' }} style={{ margin: 0, padding: 8, background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, fontSize: 12 }}>{formatResult(UPLOAD_SAMPLE_FIELDS)}</pre>
        </Space>
      </Panel>
      {state.status !== 'idle' && (
        <Panel size="small" title={t('upload.progress')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {state.status === 'uploading' && <span>{t('upload.uploading', { count: state.count })}</span>}
            <ProgressBar
              label={t('upload.progress')}
              percent={state.percent}
              status={state.status === 'failed' || (state.status === 'done' && !state.answer.isOk) ? 'exception' : state.status === 'done' ? 'success' : 'active'}
            />
            {state.status === 'failed' && (
              <Alert type="error" showIcon title={<ErrorMessage tell={tellError(state.error)} lead={(reason, translate) => translate('upload.failed', { detail: reason })} />} />
            )}
            {state.status === 'done' && <strong style={STRONG_TEXT}>{t('upload.answer')}</strong>}
            {state.status === 'done' && (
              <Input.TextArea aria-label={t('upload.answer')} {...{ [RAW_TEXT_ATTRIBUTE]: formatResult(state.answer) }} readOnly value={formatResult(state.answer)} autoSize={{ minRows: 3, maxRows: 16 }} style={{ fontFamily: 'monospace', fontSize: 12 }} />
            )}
          </Space>
        </Panel>
      )}
    </Space>
  );
}
