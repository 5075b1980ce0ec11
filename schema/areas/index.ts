// The one ordered list of areas (SPEC §2 menu order), read by the console and the API.
import type { AreaDeclaration } from '../define';
import { careersForm } from './careers-form';
import { features } from './features';
import { hero } from './hero';

export const areas: readonly AreaDeclaration[] = [hero, features, careersForm];

export const areaByName = (name: string): AreaDeclaration | undefined => areas.find((area) => area.name === name);
