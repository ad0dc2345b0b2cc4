import { describe, expect, it } from 'vitest';
import { xmlProblem } from './xml-problem';

describe('xmlProblem', () => {
  it('accepts a well-formed SLD', () => {
    expect(xmlProblem('<?xml version="1.0"?><StyledLayerDescriptor xmlns="http://www.opengis.net/sld"><NamedLayer/></StyledLayerDescriptor>')).toBeUndefined();
  });

  it.each(['<StyledLayerDescriptor><NamedLayer></StyledLayerDescriptor>', 'not xml at all', '<a>&undefined;</a>', '   '])('refuses %j with a reason', (text) => {
    const problem = xmlProblem(text);
    expect(typeof problem).toBe('string');
    expect(problem).not.toBe('');
  });
});
