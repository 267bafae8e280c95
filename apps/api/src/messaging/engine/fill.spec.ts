import { fillText } from '@smsc/shared-util';
import { countSegments } from './segments';

describe('parts and encoding are counted on the filled text', () => {
  it('a GSM-7 template becomes UCS-2 when a value needs it', () => {
    const text = 'Hi {name}, your order is ready';
    expect(countSegments(text).encoding).toBe('GSM-7');
    const filled = fillText(text, { name: 'Łukasz' }).text;
    expect(filled).toBe('Hi Łukasz, your order is ready');
    expect(countSegments(filled)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
  });
  it('a long value adds parts the template alone does not have', () => {
    const text = `${'x'.repeat(150)} {note}`;
    expect(countSegments(text).segments).toBe(1);
    expect(countSegments(fillText(text, { note: 'y'.repeat(20) }).text).segments).toBe(2);
  });
});
