// LATA seed data: our own small table, not a package. Written by hand for this project from the
// publicly listed LATA numbers of the large US metropolitan areas (the LATA list in public reference
// works; the authoritative source is the Telcordia LERG, which is licensed and not used here).
// It covers 15 LATAs only, and each lists the area codes that lie wholly or mostly inside it, so a
// search by LATA is a convenience for the built-in provider, not routing data. Extend it by hand.
export interface LataSeed {
  lata: string;
  name: string;
  state: string;
  npas: string[];
}

export const LATAS: readonly LataSeed[] = [
  {
    lata: '128',
    name: 'Massachusetts (Boston)',
    state: 'MA',
    npas: ['617', '857', '781', '339', '978', '351', '508', '774'],
  },
  { lata: '132', name: 'New York Metro', state: 'NY', npas: ['212', '646', '332', '718', '347', '929', '917'] },
  { lata: '224', name: 'North Jersey', state: 'NJ', npas: ['201', '551', '973', '862'] },
  { lata: '228', name: 'Philadelphia', state: 'PA', npas: ['215', '267', '445', '610', '484'] },
  { lata: '236', name: 'Washington', state: 'DC', npas: ['202'] },
  { lata: '358', name: 'Chicago', state: 'IL', npas: ['312', '872', '773', '708', '847', '224', '630', '331'] },
  { lata: '438', name: 'Atlanta', state: 'GA', npas: ['404', '470', '678', '770'] },
  { lata: '460', name: 'Southeast Florida', state: 'FL', npas: ['305', '786', '954', '754', '561'] },
  { lata: '552', name: 'Dallas', state: 'TX', npas: ['214', '469', '972', '817', '682'] },
  { lata: '560', name: 'Houston', state: 'TX', npas: ['713', '281', '832', '346'] },
  { lata: '656', name: 'Denver', state: 'CO', npas: ['303', '720'] },
  { lata: '666', name: 'Phoenix', state: 'AZ', npas: ['602', '480', '623'] },
  { lata: '674', name: 'Seattle', state: 'WA', npas: ['206', '253', '425'] },
  { lata: '722', name: 'San Francisco', state: 'CA', npas: ['415', '628', '510', '650'] },
  { lata: '730', name: 'Los Angeles', state: 'CA', npas: ['213', '323', '310', '424', '818', '747', '626', '562'] },
];
