import { createRemoteConfig } from '@bahi/shared/mf/rspack';
import { area } from './src/area';

export default createRemoteConfig({ dir: __dirname, title: 'Bahi · Purchases', area });
