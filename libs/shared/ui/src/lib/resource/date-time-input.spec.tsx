import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setDisplayZone } from '@smsc/shared-util';
import { DateInput, DateTimeInput } from './date-time-input';

afterEach(() => setDisplayZone(null));

describe('DateTimeInput', () => {
  it("shows the held instant in the account's zone, names the zone, and hands back an ISO instant or nothing", async () => {
    setDisplayZone('Asia/Tokyo');
    const changed = jest.fn();
    render(<DateTimeInput id="start" value="2026-12-01T09:00:00Z" onChange={changed} />);
    const input = (await screen.findByRole('textbox', {}, { timeout: 20_000 })) as HTMLInputElement;
    expect(input.value).toBe('2026-12-01 18:00');
    expect(screen.getByText('Asia/Tokyo')).toBeTruthy();
    // clearing the picker empties the field (the form sends no time)
    const clear = document.querySelector('.ant-picker-clear');
    expect(clear).not.toBeNull();
    fireEvent.mouseDown(clear as Element);
    fireEvent.mouseUp(clear as Element);
    fireEvent.click(clear as Element);
    await waitFor(() => expect(changed).toHaveBeenCalledWith(''));
  }, 60_000);
});

describe('DateInput', () => {
  it("shows the held day on a calendar picker and hands back 'YYYY-MM-DD' or nothing", async () => {
    const changed = jest.fn();
    render(<DateInput id="from" value="2026-03-01" onChange={changed} />);
    const input = (await screen.findByRole('textbox', {}, { timeout: 20_000 })) as HTMLInputElement;
    expect(input.value).toBe('2026-03-01');
    expect(input.closest('.ant-picker')).not.toBeNull();
    const clear = document.querySelector('.ant-picker-clear') as Element;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(changed).toHaveBeenCalledWith(''));
  }, 60_000);
});
