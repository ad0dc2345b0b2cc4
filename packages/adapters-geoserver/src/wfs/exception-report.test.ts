import './test-support/register-dom.js';
import { MapServerError } from '@gportal/core';
import { describe, expect, it } from 'vitest';
import { readExceptionReport } from './exception-report.js';
import { readGeoServerFixture, readQgisFixture } from './test-support/fixtures.js';
import { parseXml } from './wfs-xml.js';

const reportOf = (xml: string, status?: number) => readExceptionReport(parseXml(xml, 'test'), status);

describe('readExceptionReport', () => {
  it('reads an OWS 1.0 ExceptionReport (GeoServer WFS 1.1): code and every text joined', () => {
    const error = reportOf(readGeoServerFixture('wfs/exception-report-ows-1.0.0-transaction-failure.xml'), 200);
    expect(error).toBeInstanceOf(MapServerError);
    expect([error?.status, error?.code, error?.text, error?.message]).toEqual([
      200,
      'MyExceptionCode',
      'MyErrorMessage; AdditionalErrorMessage',
      'MyExceptionCode: MyErrorMessage; AdditionalErrorMessage',
    ]);
    expect(reportOf(readGeoServerFixture('wfs/exception-report-ows-1.0.0.xml'))?.text).toMatch(/^We have had issues trying to flip axis/);
  });

  it('reads an OWS 1.1 ExceptionReport (GeoServer WFS 2.0)', () => {
    expect(reportOf(readGeoServerFixture('wfs/exception-report-ows-1.1.0.xml'))?.message).toBe('MyExceptionCode: MyErrorMessage; AdditionalErrorMessage');
  });

  it('reads ServiceExceptionReports, with and without a code', () => {
    expect(reportOf(readQgisFixture('wfs110-GetFeature-unknown-typename.ExceptionReport.xml'), 400)?.message).toBe(
      "RequestNotWellFormed: TypeName 'nosuch' could not be found",
    );
    const legend = reportOf(readGeoServerFixture('wfs/service-exception-report-wms-1.3.0.xml'));
    expect([legend?.code, legend?.text]).toEqual([undefined, 'java.lang.IllegalArgumentException: no legend passed no legend passed']);
  });

  it('gives undefined for any other document', () => {
    expect(reportOf(readQgisFixture('wfs110-Transaction-insert.response.xml'))).toBeUndefined();
  });
});
