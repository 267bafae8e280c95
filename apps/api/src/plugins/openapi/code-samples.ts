// The code samples of the docs page (the OpenAPI document's description, which the served docs render as
// Markdown): sending, reading a status and verifying a webhook, in curl, Node and Python, with the API's real field
// names. Kept short; typed-client.spec.ts and twilio-compat.spec.ts run the same calls against the server.

import { MAGIC_NUMBERS } from '../../messaging';

const BASE = 'https://sms.example.com/api_smsc/v1';

const SEND = `### Send an SMS and read its status

Create a company API key (Company → API keys) with the send and read scopes.

\`\`\`bash
curl -s ${BASE}/sms -H "X-Api-Key: $SMSC_API_KEY" -H 'Content-Type: application/json' \\
  -d '{"ani": "+12125552301", "dnis": "+14155550100", "text": "Hello"}'
# 201 {"sms": {"sms_uuid": "…", "status": "queued", …}}
curl -s ${BASE}/sms/$SMS_UUID -H "X-Api-Key: $SMSC_API_KEY"
# 200 {"sms": {"sms_uuid": "…", "status": "delivered", …}}
\`\`\`

\`\`\`js
// Node 18+
const base = '${BASE}';
const headers = { 'X-Api-Key': process.env.SMSC_API_KEY, 'Content-Type': 'application/json' };
const sent = await fetch(\`\${base}/sms\`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ ani: '+12125552301', dnis: '+14155550100', text: 'Hello' }),
});
if (!sent.ok) throw new Error((await sent.json()).detail); // a problem: code, detail, errors
const { sms } = await sent.json();
const read = await fetch(\`\${base}/sms/\${sms.sms_uuid}\`, { headers });
console.log((await read.json()).sms.status);
\`\`\`

\`\`\`python
import os, requests
base = "${BASE}"
headers = {"X-Api-Key": os.environ["SMSC_API_KEY"]}
sent = requests.post(f"{base}/sms", headers=headers, json={"ani": "+12125552301", "dnis": "+14155550100", "text": "Hello"})
sent.raise_for_status()
sms = sent.json()["sms"]
print(requests.get(f"{base}/sms/{sms['sms_uuid']}", headers=headers).json()["sms"]["status"])
\`\`\`

A TypeScript client typed from this document: \`createSmscClient({ baseUrl, apiKey })\` of libs/shared/api-client
(openapi-fetch), e.g. \`client.POST('/api_smsc/v1/sms', { body })\`.`;

const VERIFY = `### Verify a webhook

Every webhook and status callback is signed the Standard Webhooks way: \`webhook-signature\` holds
\`v1,\` and the base64 HMAC-SHA256, keyed with the secret's base64 after \`whsec_\`, of
\`<webhook-id>.<webhook-timestamp>.<raw body>\`. Verify the raw body, before parsing it.

\`\`\`js
// Node: npm install standardwebhooks
import { Webhook } from 'standardwebhooks';
const wh = new Webhook(process.env.SMSC_WEBHOOK_SECRET); // whsec_…
const event = wh.verify(rawBody, req.headers); // throws when the signature or the timestamp is wrong
\`\`\`

\`\`\`python
import base64, hashlib, hmac, time
def verified(secret: str, headers, body: bytes) -> bool:
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    want = "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    fresh = abs(time.time() - int(headers["webhook-timestamp"])) < 300
    return fresh and any(hmac.compare_digest(want, s) for s in headers["webhook-signature"].split(" "))
\`\`\`

\`\`\`bash
# the same HMAC with openssl: compare its output with the webhook-signature after v1,
printf '%s.%s.%s' "$WEBHOOK_ID" "$WEBHOOK_TIMESTAMP" "$BODY" |
  openssl dgst -sha256 -mac HMAC -macopt hexkey:$(echo "\${SECRET#whsec_}" | base64 -d | xxd -p -c 256) -binary | base64
\`\`\``;

const TWILIO = `### Coming from Twilio

The Twilio Messages resource is served at \`${BASE}/2010-04-01/Accounts/{AccountSid}/Messages.json\`: keep your
Twilio code, change its base URL, and sign in with your AccountSid (\`AC\` and your company id without dashes)
and a company API key as the auth token.

\`\`\`js
const client = require('twilio')(accountSid, process.env.SMSC_API_KEY);
client.api.baseUrl = '${BASE}';
const message = await client.messages.create({ to: '+14155550100', from: '+12125552301', body: 'Hello' });
\`\`\`

\`\`\`bash
curl -s -u "$ACCOUNT_SID:$SMSC_API_KEY" ${BASE}/2010-04-01/Accounts/$ACCOUNT_SID/Messages.json \\
  --data-urlencode 'To=+14155550100' --data-urlencode 'From=+12125552301' --data-urlencode 'Body=Hello'
\`\`\``;

// the table is made from the list the pipeline uses (messaging/sandbox.ts), so the docs cannot drift from it
const SANDBOX = `### Try it in the sandbox

A **test** API key (Company → API keys → Create API key → Mode: Test (sandbox); it starts \`smsc_test_\`) sends
through the same checks as a live one, but its messages are never charged (no hold, no ledger entry, nothing against
the spend limits) and never reach a carrier; the SMS log tags them **Sandbox** and their \`sandbox\` field is true.
Each goes through the real statuses, events, status callbacks and webhooks. These destinations choose the outcome; any
other number is delivered. A live key sending to them sends normally. See docs/sandbox.md.

| To | Outcome |
| --- | --- |
${MAGIC_NUMBERS.map((m) => `| \`${m.number}\` | ${m.what} |`).join('\n')}`;

/** The samples section of the document's description. */
export const CODE_SAMPLES = `## Code samples\n\n${SEND}\n\n${VERIFY}\n\n${SANDBOX}\n\n${TWILIO}`;
