import { MapServerError } from '@gportal/core';
import { childElements, textOf } from './wfs-xml.js';

/**
 * The error documents of OGC services, by root element: OWS `ExceptionReport` (ows 1.0 from WFS 1.1,
 * ows 1.1 from WFS 2.0) and the older `ServiceExceptionReport` (WFS 1.0, WMS, and QGIS Server's
 * request errors). Each lists exceptions with a code attribute and a text.
 */
const EXCEPTION_REPORTS: Readonly<Record<string, { exception: string; codeAttribute: string; text?: string }>> = {
  ExceptionReport: { exception: 'Exception', codeAttribute: 'exceptionCode', text: 'ExceptionText' },
  ServiceExceptionReport: { exception: 'ServiceException', codeAttribute: 'code' },
};

/** Whether a root element of this local name is an exception report. */
export function isExceptionReport(rootName: string): boolean {
  return Object.hasOwn(EXCEPTION_REPORTS, rootName);
}

/**
 * The `MapServerError` an exception report stands for (code of the first exception, the texts of
 * all joined), or `undefined` when the document is something else. Servers send these with
 * HTTP 200 too, so every answer is checked.
 */
export function readExceptionReport(document: Document, status?: number): MapServerError | undefined {
  const root = document.documentElement;
  const report = EXCEPTION_REPORTS[root.localName];
  if (!report) return undefined;
  const exceptions = childElements(root, report.exception);
  const texts = exceptions
    .flatMap((exception) => (report.text ? childElements(exception, report.text).map((element) => textOf(element)) : [textOf(exception)]))
    .filter((text): text is string => text !== undefined);
  const code = exceptions.map((exception) => exception.getAttribute(report.codeAttribute)).find((value) => value) ?? undefined;
  return new MapServerError({
    ...(status !== undefined ? { status } : {}),
    ...(code ? { code } : {}),
    text: texts.length > 0 ? texts.join('; ') : 'the server reported an exception without a text',
  });
}
