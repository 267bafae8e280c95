import { definitionFor } from '@smsc/shared-ui';
import { recipientBody, recipientDefinition, RECIPIENT_ACCESS } from './recipient.resource';
import { importRecipientRows } from './recipient-import';

describe('recipient resource', () => {
  it('searches by name and number (docs/spec.md §7 recipient_name) and hides the company from the company itself', () => {
    expect(recipientDefinition.columns.filter((c) => c.search).map((c) => c.key)).toEqual(['recipient_name', 'number']);
    expect(definitionFor(recipientDefinition, []).columns.map((c) => c.key)).not.toContain('company_name');
    expect(definitionFor(recipientDefinition, [RECIPIENT_ACCESS.company]).columns.map((c) => c.key)).toContain(
      'company_name',
    );
  });

  it('trims what was typed', () => {
    expect(recipientBody({ recipient_name: ' Ann ', number: ' +1 212 555 0100 ' })).toEqual({
      recipient_name: 'Ann',
      number: '+1 212 555 0100',
    });
  });

  it("sends an import as one CSV in the server's column order and reports each line it imported", async () => {
    const send = jest.fn(async () => ({
      imported: 2,
      lines: [
        { line: 2, recipient_uuid: 'a', number: '+12125550101' },
        { line: 3, recipient_uuid: 'b', number: '+12125550102' },
      ],
    }));
    const out = await importRecipientRows(send, [
      { number: '212 555 0101', recipient_name: 'Smith, Ann' },
      { number: '2125550102', recipient_name: 'Bob' },
    ]);
    expect(send).toHaveBeenCalledWith('recipient_name,number\n"Smith, Ann",212 555 0101\nBob,2125550102\n');
    expect(out.results).toEqual([
      { row: 0, ok: true, message: '+12125550101' },
      { row: 1, ok: true, message: '+12125550102' },
    ]);
  });
});
