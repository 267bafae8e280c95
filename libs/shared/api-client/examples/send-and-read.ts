// Sends one SMS with a company API key and follows it to a final status, through the typed client.
//   SMSC_URL=http://localhost:3000 SMSC_API_KEY=smsc_… npx tsx libs/shared/api-client/examples/send-and-read.ts +14155550100
import { createSmscClient } from '../src';

const FINAL = ['delivered', 'undelivered', 'failed', 'blocked', 'cancelled'];

async function main() {
  const client = createSmscClient({
    baseUrl: process.env.SMSC_URL ?? 'http://localhost:3000',
    apiKey: process.env.SMSC_API_KEY,
  });
  const sent = await client.POST('/api_smsc/v1/sms', {
    body: {
      ani: process.env.SMSC_FROM ?? '+12125552301',
      dnis: process.argv[2] ?? '+14155550100',
      text: 'Hello from the typed client',
    },
  });
  // an error answer is a problem (docs/api-errors.md): its code names the reason, detail says it in words
  if (sent.error) throw new Error(`${sent.error.code}: ${sent.error.detail}`);
  const id = sent.data.sms.sms_uuid;
  console.log(`sent ${id}: ${sent.data.sms.status}`);
  for (let i = 0; i < 30; i++) {
    const read = await client.GET('/api_smsc/v1/sms/{id}', { params: { path: { id } } });
    if (read.error) throw new Error(`${read.error.code}: ${read.error.detail}`);
    console.log(`status: ${read.data.sms.status}`);
    if (FINAL.includes(read.data.sms.status)) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
