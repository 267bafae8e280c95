// The getting-started checklist on a new company's home (issue 45). The server computes each step's state; this
// only words it and links to the screen where the step is done. Once every step is done it is gone.
import { Link } from 'react-router';
import { isErrorCode, type ChecklistStep, type ChecklistStepId } from '@smsc/shared-contract';
import { ERROR_WORDS } from '@smsc/shared-api/core';
import { Alert } from '@smsc/shared-ui/core';
import { Card, Flex, Typography } from '@smsc/shared-ui/frame';
import { useGetChecklistQuery } from './checklist.api';

/** Each step in words, and the words of the link to where it is done (the role gives the address). */
export const STEP_WORDS: Record<ChecklistStepId, { title: string; todo: string; action?: string }> = {
  verify_email: { title: 'Verify your e-mail address', todo: 'Open the link we sent you by e-mail.' },
  top_up: {
    title: 'Top up your balance',
    todo: 'Add money to pay for messages and numbers.',
    action: 'Top up',
  },
  sender: {
    title: 'Get a number or a sender',
    todo: 'Buy a number to send from, or register a sender.',
    action: 'Buy a number',
  },
  first_message: {
    title: 'Send your first message',
    todo: 'Write one in the SMS center.',
    action: 'Send a message',
  },
  api_key: {
    title: 'Create an API key',
    todo: 'Let your programs send through the API.',
    action: 'Create a key',
  },
};

const STATE_WORDS = { done: 'Done', todo: 'To do', blocked: 'Not possible yet' } as const;

/** Why a blocked step waits, in words (a reason code never reaches the screen). */
export function blockedWords(reason: string | null): string {
  return isErrorCode(reason)
    ? `${ERROR_WORDS[reason].sentence} ${ERROR_WORDS[reason].next ?? ''}`.trim()
    : 'Not possible yet.';
}

/** Where each step is done, as addresses from the route table of the role that shows the checklist. */
export type StepLinks = Partial<Record<ChecklistStepId, string>>;

function Step({ step, to }: { step: ChecklistStep; to: string | undefined }) {
  const words = STEP_WORDS[step.id];
  const mark = step.state === 'done' ? '✓' : step.state === 'blocked' ? '–' : '○';
  return (
    <li data-testid={`step-${step.id}`} data-state={step.state} style={{ listStyle: 'none', marginBottom: 12 }}>
      <Flex gap={8} align="baseline">
        <span aria-hidden="true" style={{ width: 16 }}>
          {mark}
        </span>
        <div>
          <Typography.Text strong delete={step.state === 'done'}>
            {words.title}
          </Typography.Text>{' '}
          <Typography.Text type="secondary">({STATE_WORDS[step.state]})</Typography.Text>
          {step.state === 'todo' && (
            <div>
              {/* underlined: inside a sentence a link must not be told by its colour alone (axe) */}
              {words.todo}{' '}
              {words.action && to && (
                <Link to={to} style={{ textDecoration: 'underline' }}>
                  {words.action}
                </Link>
              )}
            </div>
          )}
          {step.state === 'blocked' && <div>{blockedWords(step.reason)}</div>}
        </div>
      </Flex>
    </li>
  );
}

/** The checklist card; `links` says where each step is done (a step without one is not linked). */
export function GettingStarted({ links }: { links: StepLinks }) {
  const { data, error } = useGetChecklistQuery(undefined, { refetchOnMountOrArgChange: true });
  // a failed checklist must not take the home with it: it says so in one line
  if (error) return <Alert type="warning" showIcon title="The getting-started steps could not be loaded." />;
  if (!data || data.complete) return null;
  const left = data.steps.filter((s) => s.state !== 'done').length;
  return (
    <Card title="Getting started" style={{ marginBottom: 16 }} data-testid="getting-started">
      <Typography.Paragraph type="secondary">
        {left === 1 ? 'One step left' : `${left} steps left`} before your account sends on its own.
      </Typography.Paragraph>
      <ol style={{ paddingLeft: 0, margin: 0 }}>
        {data.steps.map((s) => (
          <Step key={s.id} step={s} to={links[s.id]} />
        ))}
      </ol>
    </Card>
  );
}
