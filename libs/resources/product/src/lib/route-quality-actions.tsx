import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { RoutePin, RouteQuality, RouteQualityPatch } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { Button, InputNumber, Modal, Select, Space, Typography } from '@smsc/shared-ui';
import { useUpdateRouteQualityMutation } from './route-quality.api';
import { PIN_HINTS, PIN_WORDS, percent, routeName } from './route-quality.resource';

/** One change of a route, saved with a toast saying what it did (or why it could not). */
function useRouteChange(route: RouteQuality) {
  const dispatch = useDispatch();
  const [update, state] = useUpdateRouteQualityMutation();
  const change = async (body: RouteQualityPatch, said: (r: RouteQuality) => string) => {
    try {
      const saved = await update({ id: route.route_quality_uuid, body }).unwrap();
      dispatch(showToast('success', said(saved)));
      return true;
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
      return false;
    }
  };
  return { change, saving: state.isLoading };
}

/** Set floor: the delivered ratio this route must keep, in percent, or back to the platform's default. */
export function FloorButton({ route, defaultFloor }: { route: RouteQuality; defaultFloor?: number }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<number | null>(Math.round(route.floor * 1000) / 10);
  const { change, saving } = useRouteChange(route);
  const name = routeName(route);
  const save = async (body: RouteQualityPatch) => {
    const ok = await change(body, (r) =>
      r.floor_is_default
        ? `${name} keeps the default floor (${percent(r.floor)})`
        : `Floor of ${name} set to ${percent(r.floor)}${r.state === 'demoted' ? '; it is demoted' : ''}`,
    );
    if (ok) setOpen(false);
  };
  return (
    <>
      <Button
        size="small"
        aria-label={`Set floor: ${name}`}
        onClick={() => {
          setValue(Math.round(route.floor * 1000) / 10);
          setOpen(true);
        }}
      >
        Set floor
      </Button>
      <Modal
        open={open}
        title={`Floor of ${name}`}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            {!route.floor_is_default && (
              <Button loading={saving} onClick={() => void save({ default_floor: true })}>
                Use the default{defaultFloor !== undefined ? ` (${percent(defaultFloor)})` : ''}
              </Button>
            )}
            <Button
              type="primary"
              loading={saving}
              disabled={value === null}
              onClick={() => value !== null && void save({ floor_percent: value })}
            >
              Save floor
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">
          Under this share of delivered messages (of those judged in the window) the route is demoted to its fallbacks;
          it is still used when nothing else can carry a message.
        </Typography.Paragraph>
        <InputNumber
          aria-label="Floor (%)"
          min={1}
          max={100}
          step={0.5}
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : null)}
          suffix="%"
          style={{ width: 160 }}
        />
      </Modal>
    </>
  );
}

/** The pin: automatic, always on (never demoted) or held off (demoted until let go); applied at once. */
export function PinSelect({ route }: { route: RouteQuality }) {
  const { change, saving } = useRouteChange(route);
  const name = routeName(route);
  const pick = (pin: RoutePin) =>
    void change({ pin }, (r) =>
      pin === 'auto'
        ? `${name} is automatic again: ${r.state === 'demoted' ? 'demoted until it recovers' : 'active'}`
        : pin === 'on'
          ? `${name} is pinned always on`
          : `${name} is held off: demoted to its fallbacks`,
    );
  return (
    <Select<RoutePin>
      size="small"
      aria-label={`Pin: ${name}`}
      value={route.pin}
      loading={saving}
      disabled={saving}
      style={{ width: 120 }}
      onChange={pick}
      options={(Object.keys(PIN_WORDS) as RoutePin[]).map((p) => ({
        value: p,
        label: <span title={PIN_HINTS[p]}>{PIN_WORDS[p]}</span>,
      }))}
    />
  );
}
