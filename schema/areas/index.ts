// The one ordered list of areas (SPEC §2 menu order), read by the console and the API.
import type { AreaDeclaration } from '../define';
import { aboutPage } from './about-page';
import { aboutUs } from './about-us';
import { banners } from './banners';
import { blogs } from './blogs';
import { careers } from './careers';
import { careersForm } from './careers-form';
import { contactUs } from './contact-us';
import { contactUsForm } from './contact-us-form';
import { counters } from './counters';
import { features } from './features';
import { hero } from './hero';
import { partners } from './partners';
import { privacyPolicy } from './privacy-policy';
import { projectForm } from './project-form';
import { projects } from './projects';
import { seo } from './seo';
import { testimonials } from './testimonials';
import { usersManagement } from './users-management';

export const areas: readonly AreaDeclaration[] = [
  hero,
  features,
  testimonials,
  partners,
  aboutUs,
  usersManagement,
  blogs,
  projects,
  banners,
  careers,
  contactUs,
  careersForm,
  projectForm,
  contactUsForm,
  aboutPage,
  privacyPolicy,
  seo,
  counters,
];

export const areaByName = (name: string): AreaDeclaration | undefined => areas.find((area) => area.name === name);
