import { linkState, parseStatusXml } from './status';

// trimmed from a live bearerbox 1.4.5 (one link bound, one refused by the carrier)
const XML = `<?xml version="1.0"?>
<gateway>
<version>Kannel bearerbox version \`1.4.5'.</version>
<status>running, uptime 0d 0h 0m 5s</status>
	<wdp><received><total>0</total><queued>0</queued></received><sent><total>0</total><queued>0</queued></sent></wdp>
	<sms>
		<received><total>1</total><queued>0</queued></received>
		<sent><total>3</total><queued>7</queued></sent>
		<storesize>1</storesize>
		<inbound>0.23,0.23,0.23</inbound>
		<outbound>0.69,0.69,0.69</outbound>
		</sms>
<smscs><count>2</count>
	<smsc>
		<name>SMPP:127.0.0.1:40771/40771:acct:</name><admin-id>bad</admin-id><id>bad</id>
		<status>re-connecting</status><failed>2</failed><queued>4</queued>
		<sms><received>0</received><sent>0</sent><inbound>0.00,0.00,0.00</inbound><outbound>0.00,0.00,0.00</outbound></sms>
		<dlr><received>0</received><sent>0</sent><inbound>0.00,0.00,0.00</inbound><outbound>0.00,0.00,0.00</outbound></dlr>
	</smsc>
<smsc>
		<name>SMPP:127.0.0.1:40771/40771:acct:</name><admin-id>good</admin-id><id>good</id>
		<status>online 5s</status><failed>0</failed><queued>0</queued>
		<sms><received>1</received><sent>3</sent><inbound>0.23,0.20,0.10</inbound><outbound>812.50,0.69,0.69</outbound></sms>
		<dlr><received>3</received><sent>0</sent><inbound>0.69,0.69,0.69</inbound><outbound>0.00,0.00,0.00</outbound></dlr>
	</smsc>
</smscs>
</gateway>`;

describe("Kannel's status.xml", () => {
  it('reads each link: state, queue, counts and the last rate in and out', () => {
    expect(parseStatusXml(XML)).toEqual({
      uptime: '0d 0h 0m 5s',
      queued: 7,
      links: [
        {
          smsc_id: 'bad',
          state: 'connecting',
          detail: 're-connecting',
          queued: 4,
          failed: 2,
          received: 0,
          sent: 0,
          rate_in: 0,
          rate_out: 0,
        },
        {
          smsc_id: 'good',
          state: 'online',
          detail: 'online 5s',
          queued: 0,
          failed: 0,
          received: 1,
          sent: 3,
          rate_in: 0.23,
          rate_out: 812.5,
        },
      ],
    });
  });

  it('maps the status words and refuses a denied or foreign answer', () => {
    expect(
      ['online 12s', 'connecting', 're-connecting', 'dead', 'disconnected', 'shutting down', 'what'].map(linkState),
    ).toEqual(['online', 'connecting', 'connecting', 'dead', 'dead', 'dead', 'unknown']);
    expect(() => parseStatusXml('Denied')).toThrow('denied the status password');
    expect(() => parseStatusXml('<html>')).toThrow('not status.xml');
    expect(
      parseStatusXml('<gateway><status>running, uptime 1s</status><smscs><count>0</count></smscs></gateway>').links,
    ).toEqual([]);
  });
});
