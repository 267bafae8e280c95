import { render, screen } from '@testing-library/react';
import { campaignCell, keywordBody, keywordDefinition } from './keyword.resource';

describe('keyword resource', () => {
  it('searches by keyword and sends the campaign only for an opt-in', () => {
    expect(keywordDefinition.columns.filter((c) => c.search).map((c) => c.key)).toEqual(['keyword']);
    expect(
      keywordBody({
        keyword: ' join ',
        action: 'opt_in',
        campaign_uuid: 'c1',
        reply_text: ' Welcome ',
        did: '',
        is_active: true,
      }),
    ).toEqual({
      keyword: 'join',
      action: 'opt_in',
      campaign_uuid: 'c1',
      reply_text: 'Welcome',
      did: null,
      is_active: true,
    });
    expect(
      keywordBody({
        keyword: 'info',
        action: 'reply',
        campaign_uuid: 'c1',
        reply_text: 'Open 9-5',
        did: '+12125552301',
        is_active: false,
      }),
    ).toEqual({
      keyword: 'info',
      action: 'reply',
      campaign_uuid: null,
      reply_text: 'Open 9-5',
      did: '+12125552301',
      is_active: false,
    });
  });
  it('refuses more than one word in the form, as the server does', () => {
    const rule = keywordDefinition.formFields.find((f) => f.name === 'keyword')?.rules?.[0] as { pattern: RegExp };
    expect(rule.pattern.test('JOIN')).toBe(true);
    expect(rule.pattern.test('join now')).toBe(false);
  });
  it('flags a join keyword whose campaign is not running (people texting it are told they were not added)', () => {
    const row = { action: 'opt_in' as const, campaign_name: 'Spring sale' };
    const { rerender } = render(<div>{campaignCell({ ...row, campaign_status: 'held' })}</div>);
    expect(screen.getByText('Not running (paused): nobody can join')).toBeTruthy();
    rerender(<div>{campaignCell({ ...row, campaign_status: 'stopped' })}</div>);
    expect(screen.getByText('Not running (stopped): nobody can join')).toBeTruthy();
    rerender(<div>{campaignCell({ ...row, campaign_status: 'running' })}</div>);
    expect(screen.getByText('Spring sale')).toBeTruthy();
    expect(screen.queryByText(/Not running/)).toBeNull();
    // the column list renders through it
    const column = keywordDefinition.columns.find((c) => c.key === 'campaign_name');
    rerender(<div>{column?.render?.('Spring sale', { ...row, campaign_status: 'finished' } as never)}</div>);
    expect(screen.getByText('Not running (finished): nobody can join')).toBeTruthy();
  });
});
