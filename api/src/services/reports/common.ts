import { UUID } from '../../db/ids';

export { UUID };
