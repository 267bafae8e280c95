// The light entry for the company user's landing: the SMS center, drawn without the data kit.
export { smsCenterRoute } from './lib/center-route';
