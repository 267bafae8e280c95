import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DECK_KINDS, type DeckKind } from '@smsc/shared-contract';
import { lookupOf, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Card, CsvImport, Flex, Radio, Select, Typography, lookupSelectProps, useResourcePath } from '@smsc/shared-ui';
import { EffectiveDay, todayUtc } from './effective-day';
import { useRateTablePageQuery, type RateOwner } from './rate.api';
import { useCreateChangeSetMutation, useDeckProductsQuery } from './rate-change.api';
import { guessRateColumns, importRateRows } from './rate-import';
import { DECK_KIND_WORDS } from './rate-change.resource';

/**
 * rate-changes/new: a deck for approval. The admin picks whose rates (a rate table's sell prices or a
 * vendor product's costs; ?rate_table_uuid= or ?vendor_product_uuid= preselects), what kind of deck the
 * file is and from which day; the file becomes a pending change set, opened for review.
 */
export function NewChangeSetPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const resolve = useResourcePath();
  const [params] = useSearchParams();
  const [ownerKind, setOwnerKind] = useState<RateOwner['kind']>(
    params.get('vendor_product_uuid') ? 'vendor_product' : 'rate_table',
  );
  const [ownerId, setOwnerId] = useState(params.get('vendor_product_uuid') ?? params.get('rate_table_uuid') ?? '');
  const [kind, setKind] = useState<DeckKind>('partial');
  const [day, setDay] = useState(todayUtc);
  const tables = useRateTablePageQuery({ page: 0, per_page: 1000, order_by: 'rate_table_name', order_dir: 'asc' });
  const products = useDeckProductsQuery();
  const [create] = useCreateChangeSetMutation();
  // the set the file became (read when the import finishes, after re-renders)
  const created = useRef<string | null>(null);
  const options =
    ownerKind === 'rate_table'
      ? lookupOf(tables, (d) => d.items.map((t) => ({ label: t.rate_table_name, value: t.rate_table_uuid })))
      : lookupOf(products, (d) =>
          d.items.map((p) => ({ label: `${p.vendor_product_name} (${p.vendor_name})`, value: p.vendor_product_uuid })),
        );
  return (
    <Card title="Import a rate deck for approval" data-testid="new-change-set">
      <Typography.Paragraph type="secondary">
        Nothing changes until the import is approved: you first see what it adds, raises, lowers and closes, by country,
        and what it would have done to your margin over the last 30 days.
      </Typography.Paragraph>
      <Flex vertical gap="middle" style={{ marginBottom: 16 }}>
        <div role="group" aria-label="Whose rates">
          <Radio.Group
            value={ownerKind}
            onChange={(e) => {
              setOwnerKind(e.target.value);
              setOwnerId('');
            }}
            options={[
              { value: 'rate_table', label: 'A rate table (sell prices)' },
              { value: 'vendor_product', label: 'A vendor deck (costs)' },
            ]}
          />
        </div>
        <label htmlFor="change-owner">{ownerKind === 'rate_table' ? 'Rate table' : 'Vendor product'}</label>
        <Select
          id="change-owner"
          style={{ maxWidth: 420 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={ownerId || undefined}
          placeholder="Choose"
          {...lookupSelectProps(options)}
          onChange={(v: string) => setOwnerId(v)}
        />
        <div role="group" aria-label="Deck kind">
          <Radio.Group
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            options={DECK_KINDS.map((k) => ({ value: k, label: DECK_KIND_WORDS[k] }))}
          />
        </div>
        <EffectiveDay day={day} onChange={setDay} />
      </Flex>
      {ownerId ? (
        <CsvImport
          label="Choose rate CSV"
          requiredColumns={['price']}
          mapColumns={guessRateColumns}
          chunkSize={200_000}
          importRows={(rows) =>
            importRateRows(async (csv) => {
              const set = await create({
                kind: ownerKind,
                id: ownerId,
                csv,
                effective_from: day,
                deck_kind: kind,
              }).unwrap();
              created.current = set.change_set_uuid;
              return { imported: rows.length };
            }, rows)
          }
          onFinished={() => {
            const id = created.current;
            if (!id) return void dispatch(showToast('error', 'Nothing was imported: see the lines below'));
            dispatch(showToast('success', 'The deck is waiting for approval'));
            navigate(resolve(`rate-changes/${id}`));
          }}
        />
      ) : (
        <Typography.Text type="secondary">Choose whose rates the file holds first.</Typography.Text>
      )}
    </Card>
  );
}
