import { useEffect, useState } from 'react';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import {
  OPT_OUT_LANGUAGE_NAMES,
  type OptOutKeywordSet,
  type OptOutKeywordSetBody,
  type OptOutLanguage,
} from '@smsc/shared-contract';
import { Alert, Button, Card, Form, Input, Modal, Table, Tag, Typography } from '@smsc/shared-ui';
import { useListOptOutWordsQuery, useSetOptOutWordsMutation } from './opt-outs.api';

const KINDS = ['stop', 'help', 'start'] as const;
type Kind = (typeof KINDS)[number];
const KIND_NAMES: Record<Kind, string> = { stop: 'STOP', help: 'HELP', start: 'START' };
type Values = Record<`${Kind}_words` | `${Kind}_reply`, string>;

/** "BAJA, NO MAS" → ['BAJA', 'NO MAS']; an empty box means the default words (null). */
export function parseWords(typed: string): string[] | null {
  const words = typed
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);
  return words.length ? words : null;
}

/** The form's answer as the API takes it: a box left as the default is sent as null, so it follows the default. */
export function wordsBody(v: Values, set: OptOutKeywordSet): OptOutKeywordSetBody {
  const body: OptOutKeywordSetBody = {};
  for (const k of KINDS) {
    const words = parseWords(v[`${k}_words`]);
    const same = words && words.join(',').toUpperCase() === set.defaults[`${k}_words`].join(',').toUpperCase();
    body[`${k}_words`] = same ? null : words;
    const reply = v[`${k}_reply`].trim();
    body[`${k}_reply`] = !reply || reply === set.defaults[`${k}_reply`] ? null : reply;
  }
  return body;
}

function EditWords({ set, onClose }: { set: OptOutKeywordSet; onClose: () => void }) {
  const [save, saving] = useSetOptOutWordsMutation();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<Values>();
  const name = OPT_OUT_LANGUAGE_NAMES[set.language];
  useEffect(() => {
    const v = {} as Values;
    for (const k of KINDS) {
      v[`${k}_words`] = set[`${k}_words`].join(', ');
      v[`${k}_reply`] = set[`${k}_reply`];
    }
    form.setFieldsValue(v);
  }, [set, form]);
  const put = async (body: OptOutKeywordSetBody, done: string) => {
    try {
      await save({ language: set.language, body }).unwrap();
      dispatch(showToast('success', done));
      onClose();
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const reset: OptOutKeywordSetBody = Object.fromEntries(
    KINDS.flatMap((k) => [
      [`${k}_words`, null],
      [`${k}_reply`, null],
    ]),
  );
  return (
    <Modal
      open
      title={`${name} words and replies`}
      onCancel={onClose}
      footer={[
        <Button key="reset" onClick={() => put(reset, `${name} restored to the defaults`)} disabled={!set.custom}>
          Restore defaults
        </Button>,
        <Button key="save" type="primary" loading={saving.isLoading} onClick={() => form.submit()}>
          Save words
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={(v) => put(wordsBody(v, set), `${name} words saved`)}>
        {KINDS.map((k) => (
          <div key={k}>
            <Form.Item
              name={`${k}_words`}
              label={`${KIND_NAMES[k]} words`}
              extra={`Separated by commas. Default: ${set.defaults[`${k}_words`].join(', ')}`}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name={`${k}_reply`}
              label={`Reply to ${KIND_NAMES[k]}`}
              rules={[{ max: 320, message: 'At most 320 characters' }]}
            >
              <Input.TextArea rows={2} showCount maxLength={320} placeholder={set.defaults[`${k}_reply`]} />
            </Form.Item>
          </div>
        ))}
      </Form>
    </Modal>
  );
}

/**
 * The words a subscriber texts to opt out (STOP), ask for help (HELP) or opt in again (START), and the replies,
 * per language. A number is answered in its country's language; a word of another language is answered in that one.
 */
export function OptOutWordsPanel() {
  const sets = useListOptOutWordsQuery();
  const [editing, setEditing] = useState<OptOutLanguage | null>(null);
  const open = sets.data?.find((s) => s.language === editing);
  return (
    <Card title="STOP, HELP and START words" size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        A subscriber is answered in the language of their number&apos;s country (a Spanish or Mexican number in
        Spanish). HELP only answers; it never opts anyone out.
      </Typography.Paragraph>
      {sets.error ? (
        <Alert
          type="warning"
          showIcon
          title="The words could not be loaded"
          description={describeApiError(sets.error)}
        />
      ) : (
        <Table<OptOutKeywordSet>
          rowKey="language"
          size="small"
          loading={sets.isLoading}
          dataSource={sets.data ?? []}
          pagination={false}
          columns={[
            {
              title: 'Language',
              key: 'language',
              render: (_, s) => (
                <>
                  {OPT_OUT_LANGUAGE_NAMES[s.language]} {s.custom ? <Tag color="blue">Changed</Tag> : null}
                </>
              ),
            },
            ...KINDS.map((k) => ({
              title: `${KIND_NAMES[k]} words`,
              key: k,
              render: (_: unknown, s: OptOutKeywordSet) => s[`${k}_words`].join(', '),
            })),
            {
              title: '',
              key: 'edit',
              render: (_, s) => (
                <Button
                  size="small"
                  onClick={() => setEditing(s.language)}
                  aria-label={`Edit ${OPT_OUT_LANGUAGE_NAMES[s.language]}`}
                >
                  Edit
                </Button>
              ),
            },
          ]}
        />
      )}
      {open ? <EditWords set={open} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
