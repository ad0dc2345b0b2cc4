import { App, Modal } from 'antd';
import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { UNSPACED_BUTTON } from '../../ui/labelled-button';
import type { L } from '../leaflet';
import { exportMapImage, type LegendEntry } from './export-image';

/** Props of {@link ExportImageDialog}. */
export interface ExportImageDialogProps {
  map: L.Map;
  /** The image's title and file name: the layer's. */
  title: string;
  legend: readonly LegendEntry[];
  onClose(): void;
}

/** A file name from a title: what file systems refuse replaced. */
const fileName = (title: string) => `${title.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80) || 'map'}.png`;

/**
 * 导出图片: the view as a PNG at the screen's resolution or twice it ({@link exportMapImage}),
 * downloaded as `<layer title>.png`. Loaded on use, with the code that draws the image.
 */
export default function ExportImageDialog({ map, title, legend, onClose }: ExportImageDialogProps) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [scale, setScale] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const run = async () => {
    setBusy(true);
    try {
      const attribution = map.getContainer().querySelector('.leaflet-control-attribution')?.textContent?.trim() ?? '';
      const image = await exportMapImage(map, { scale, title, legend, attribution, leftOutNote: t('map.export.leftOut'), north: t('map.export.north') });
      const name = fileName(title);
      const url = URL.createObjectURL(image.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      void message.success(t(image.leftOut > 0 ? 'map.export.doneLeftOut' : 'map.export.done', { name }));
      onClose();
    } catch (error) {
      void message.error(t('map.export.failed', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('map.export.title')}
      okText={t('map.export.ok')}
      cancelText={t('map.tool.cancel')}
      okButtonProps={{ ...UNSPACED_BUTTON, loading: busy }}
      cancelButtonProps={UNSPACED_BUTTON}
      onOk={() => void run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <label htmlFor={selectId} style={{ marginInlineEnd: 8 }}>
        {t('map.export.resolution')}
      </label>
      <select id={selectId} className="gportal-select" value={scale} onChange={(event) => setScale(event.target.value === '2' ? 2 : 1)}>
        <option value="1">{t('map.export.screen')}</option>
        <option value="2">{t('map.export.double')}</option>
      </select>
    </Modal>
  );
}
