// Sample content for a fresh database (issue #3: a new user sees a living console). Uploads stay null: there are no
// files yet. Users are not sampled: an account nobody chose a password for must not exist (the first administrator
// comes from the server's configuration).
import type { z } from 'zod';
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

// Type-checks each record against its area's schema input.
const records = <S extends z.ZodObject>(_area: AreaDeclaration<S>, list: readonly z.input<S>[]) => list;

// Area name → records in the order to insert them (ordered areas: that order is their position). A singleton has one.
export const samples: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  hero: records(hero, [
    {
      headline: 'Building landmarks that last for generations',
      subheadline:
        'Design, construction and development of residential, commercial and infrastructure projects since 1998.',
      background_image: null,
      cta_text: 'View our projects',
      cta_link: '/projects',
    },
  ]),
  features: records(features, [
    {
      title: 'Design & Build',
      description: 'One team from the first sketch to the handover: one contract, one point of contact, one schedule.',
      icon: 'architecture',
      active: true,
    },
    {
      title: 'Safety First',
      description: 'ISO 45001 certified sites, daily toolbox talks and more than 2 million hours without a lost-time injury.',
      icon: 'health_and_safety',
      active: true,
    },
    {
      title: 'On Time, On Budget',
      description: 'Transparent cost plans and weekly progress reports, so there are no surprises at handover.',
      icon: 'schedule',
      active: true,
    },
    {
      title: 'Sustainable Construction',
      description: 'Low-carbon concrete, solar-ready roofs and BREEAM-rated designs as standard.',
      icon: 'eco',
      active: true,
    },
  ]),
  testimonials: records(testimonials, [
    {
      name: 'Sarah Mitchell',
      role: 'Head of Property',
      company: 'Harbourview Retail Group',
      quote:
        'Cornerstone delivered our flagship store two weeks early and kept the site spotless in the middle of a busy high street.',
      photo: null,
      rating: 5,
      active: true,
    },
    {
      name: 'David Okafor',
      role: 'Homeowner',
      company: null,
      quote: 'From planning permission to the final coat of paint, the team explained every decision. Our extension is beautiful.',
      photo: null,
      rating: 5,
      active: true,
    },
    {
      name: 'Elena Rossi',
      role: 'Project Director',
      company: 'Northgate Developments',
      quote: 'A contractor that flags risks before they become delays. We have already awarded them our next phase.',
      photo: null,
      rating: 4,
      active: true,
    },
  ]),
  partners: records(partners, [
    { name: 'Northgate Developments', logo: null, website: 'https://northgate.example.com', active: true },
    { name: 'Stonebridge Cement', logo: null, website: 'https://stonebridge.example.com', active: true },
    { name: 'Apex Steel Structures', logo: null, website: 'https://apexsteel.example.com', active: true },
    { name: 'GreenRoof Systems', logo: null, website: 'https://greenroof.example.com', active: false },
  ]),
  'about-us': records(aboutUs, [
    {
      title: 'Who we are',
      subtitle: 'A family-founded builder grown into a full-service construction and development company.',
      body:
        'Founded in 1998, Cornerstone has delivered more than 250 homes, offices, warehouses and public works.\n\n' +
        'Our engineers, architects and site teams work as one, so every project is designed to be built well.',
      image: null,
      highlights: ['25+ years of experience', '250+ completed projects', 'ISO 9001 and ISO 45001 certified'],
      cta_text: 'Read our story',
      cta_link: '/about',
    },
  ]),
  blogs: records(blogs, [
    {
      title: '5 Things to Check Before Buying an Off-Plan Apartment',
      excerpt: 'Off-plan can mean a better price and a say in the finishes. Here is how to make sure the project is sound.',
      content:
        '<p>Buying off-plan lets you secure a new home at today&rsquo;s price.</p>' +
        '<h2>1. The developer&rsquo;s track record</h2><p>Visit completed schemes and talk to their residents.</p>' +
        '<h2>2. Planning permission</h2><p>Ask for the approval reference and check it with the local authority.</p>',
      cover_image: null,
      tags: ['real estate', 'buying guide'],
      status: 'published',
      published_at: '2026-09-15',
      author: 'Laura Chen',
    },
    {
      title: 'How We Cut Embodied Carbon by 30% at Riverside Offices',
      excerpt: 'Low-carbon concrete, a timber hybrid frame and careful logistics: what worked and what we would change.',
      content:
        '<p>Embodied carbon is now the largest share of a new building&rsquo;s lifetime emissions.</p>' +
        '<p>At Riverside Offices we replaced 40% of the cement with ground granulated blast-furnace slag.</p>',
      cover_image: null,
      tags: ['sustainability', 'commercial'],
      status: 'published',
      published_at: '2026-10-28',
      author: 'Marcus Webb',
    },
    {
      title: 'Renovating a Victorian Terrace: A Site Diary',
      excerpt: 'Twelve weeks, one listed façade and a lot of lime mortar.',
      content: '<p>Draft: week-by-week notes from the Elm Street renovation.</p>',
      cover_image: null,
      tags: ['renovation'],
      status: 'draft',
      published_at: null,
      author: 'Laura Chen',
    },
  ]),
  projects: records(projects, [
    {
      title: 'Riverside Offices',
      category: 'commercial',
      location: 'Riverside Quay, Manchester',
      client: 'Northgate Developments',
      year: 2025,
      status: 'completed',
      area_sqm: 12500,
      description:
        '<p>A six-storey BREEAM Excellent office building with a timber hybrid frame and a public riverside terrace.</p>',
      cover_image: null,
      gallery: [],
      featured: true,
      publication: 'published',
    },
    {
      title: 'Oakwood Residences',
      category: 'residential',
      location: 'Oakwood, Leeds',
      client: 'Oakwood Housing Association',
      year: 2027,
      status: 'ongoing',
      area_sqm: 18400,
      description: '<p>148 energy-efficient homes around a landscaped courtyard, with a nursery and shared workspace.</p>',
      cover_image: null,
      gallery: [],
      featured: true,
      publication: 'published',
    },
    {
      title: 'Eastgate Logistics Hub',
      category: 'industrial',
      location: 'Eastgate Business Park, Birmingham',
      client: 'Meridian Logistics',
      year: 2024,
      status: 'completed',
      area_sqm: 32000,
      description: '<p>A cross-dock warehouse with 48 loading bays and a 1.2 MW rooftop solar array.</p>',
      cover_image: null,
      gallery: [],
      featured: false,
      publication: 'published',
    },
    {
      title: 'Millbrook Footbridge',
      category: 'infrastructure',
      location: 'Millbrook, Sheffield',
      client: 'Sheffield City Council',
      year: null,
      status: 'planned',
      area_sqm: null,
      description: '<p>A 60-metre steel pedestrian and cycle bridge linking the new park to the station.</p>',
      cover_image: null,
      gallery: [],
      featured: false,
      publication: 'published',
    },
  ]),
  banners: records(banners, [
    {
      title: 'Oakwood Residences: phase two now selling',
      subtitle: 'Two- and three-bedroom homes from the spring. Book a visit of the show home.',
      image: null,
      link: '/projects/oakwood-residences',
      button_text: 'Book a visit',
      placement: 'homepage_top',
      starts_at: '2026-10-01T00:00',
      ends_at: '2027-03-31T23:59',
      active: true,
    },
    {
      title: 'Free renovation survey',
      subtitle: 'Planning an extension or a loft conversion? Our surveyors visit for free in January.',
      image: null,
      link: '/contact',
      button_text: 'Request a survey',
      placement: 'sidebar',
      starts_at: '2027-01-04T00:00',
      ends_at: '2027-01-31T23:59',
      active: true,
    },
    {
      title: 'Open day at Eastgate Logistics Hub',
      subtitle: null,
      image: null,
      link: '/blog',
      button_text: 'Read the recap',
      placement: 'homepage_middle',
      starts_at: '2026-05-01T00:00',
      ends_at: '2026-06-15T23:59',
      active: true,
    },
  ]),
  careers: records(careers, [
    {
      title: 'Site Engineer',
      slug: 'site-engineer',
      department: 'Engineering',
      location: 'Leeds',
      employment_type: 'full_time',
      description:
        '<p>Join the Oakwood Residences team to set out works, check quality and coordinate subcontractors.</p>',
      requirements:
        '<ul><li>Degree in civil engineering or equivalent</li><li>2+ years on residential sites</li>' +
        '<li>CSCS card</li></ul>',
      closing_date: '2027-01-31',
      status: 'open',
      publication: 'published',
    },
    {
      title: 'Quantity Surveyor',
      slug: 'quantity-surveyor',
      department: 'Commercial',
      location: 'Manchester',
      employment_type: 'full_time',
      description: '<p>Own cost plans, valuations and final accounts on commercial projects up to £40m.</p>',
      requirements: '<ul><li>RICS accredited degree</li><li>Experience with NEC4 contracts</li></ul>',
      closing_date: '2027-02-15',
      status: 'open',
      publication: 'published',
    },
    {
      title: 'Summer Intern – Architecture',
      slug: 'summer-intern-architecture',
      department: 'Design',
      location: 'Manchester',
      employment_type: 'internship',
      description: '<p>Ten weeks in our design studio working on live residential schemes.</p>',
      requirements: '<ul><li>Enrolled in an architecture degree</li><li>Revit or ArchiCAD basics</li></ul>',
      closing_date: '2026-04-30',
      status: 'closed',
      publication: 'published',
    },
  ]),
  'contact-us': records(contactUs, [
    {
      addresses: [
        { label: 'Head office', address: '12 Foundry Lane, Manchester M1 4BT, United Kingdom' },
        { label: 'Yorkshire office', address: '3 Wharf Street, Leeds LS2 7EQ, United Kingdom' },
      ],
      phones: [
        { label: 'Reception', number: '+44 161 496 0000' },
        { label: 'New projects', number: '+44 161 496 0123' },
      ],
      emails: [
        { label: 'General enquiries', email: 'hello@cornerstone.example.com' },
        { label: 'Careers', email: 'careers@cornerstone.example.com' },
      ],
      opening_hours: [
        { days: 'Monday – Friday', hours: '08:00 – 18:00' },
        { days: 'Saturday', hours: '09:00 – 13:00' },
      ],
      map_link: 'https://maps.example.com/?q=12+Foundry+Lane+Manchester',
      facebook: 'https://facebook.com/cornerstone.example',
      instagram: 'https://instagram.com/cornerstone.example',
      linkedin: 'https://linkedin.com/company/cornerstone-example',
      x: null,
      youtube: null,
    },
  ]),
  'careers-form': records(careersForm, [
    {
      career_id: null,
      full_name: 'Amira Haddad',
      email: 'amira.haddad@example.com',
      phone: '+44 7700 900123',
      message: 'I have three years of experience as an assistant site engineer on a 200-home scheme in Bradford.',
      cv: null,
    },
    {
      career_id: null,
      full_name: 'Tom Gallagher',
      email: 'tom.gallagher@example.com',
      phone: null,
      message: 'Chartered QS with NEC4 experience on hospital projects; available with one month notice.',
      cv: null,
    },
    {
      career_id: null,
      full_name: 'Priya Nair',
      email: 'priya.nair@example.com',
      phone: '+44 7700 900456',
      message: 'I would love to join your site team and am happy to relocate to Leeds.',
      cv: null,
    },
  ]),
  'project-form': records(projectForm, [
    {
      full_name: 'James Whitaker',
      email: 'j.whitaker@example.com',
      phone: '+44 7700 900789',
      company: null,
      project_type: 'residential',
      location: 'Harrogate',
      budget: '100k_500k',
      timeline: '3_to_6_months',
      message: 'We would like a two-storey rear extension and a loft conversion on a 1930s semi-detached house.',
    },
    {
      full_name: 'Helen Park',
      email: 'helen.park@example.com',
      phone: '+44 161 496 0456',
      company: 'Park & Lowe Dental',
      project_type: 'interior',
      location: 'Salford',
      budget: 'under_100k',
      timeline: 'asap',
      message: 'Fit-out of a 180 m² ground-floor unit as a dental practice with three surgeries.',
    },
    {
      full_name: 'Omar Siddiqui',
      email: 'o.siddiqui@example.com',
      phone: '+44 121 496 0789',
      company: 'Meridian Logistics',
      project_type: 'industrial',
      location: 'Coventry',
      budget: '1m_5m',
      timeline: '6_to_12_months',
      message: 'Tender invitation: a 15,000 m² distribution warehouse, design and build, with office mezzanine.',
    },
  ]),
  'contact-us-form': records(contactUsForm, [
    {
      full_name: 'Grace Thompson',
      email: 'grace.thompson@example.com',
      phone: null,
      subject: 'Show home opening times',
      message: 'Is the Oakwood Residences show home open on Sundays?',
    },
    {
      full_name: 'Liam Byrne',
      email: 'liam.byrne@example.com',
      phone: '+44 7700 900321',
      subject: 'Subcontractor registration',
      message: 'We are a groundworks company based in Leeds. How do we join your approved supplier list?',
    },
    {
      full_name: 'Sofia Martins',
      email: 'sofia.martins@example.com',
      phone: null,
      subject: 'Noise near Millbrook',
      message: 'Could you share the planned working hours for the footbridge works near Millbrook Road?',
    },
  ]),
  'about-page': records(aboutPage, [
    {
      title: 'About Cornerstone',
      content:
        '<p>Cornerstone began in 1998 as a two-person renovation business in Manchester. Today more than 300 people ' +
        'design, build and develop homes, workplaces and infrastructure across the north of England.</p>' +
        '<h2>How we work</h2><p>Every project has one accountable team, from feasibility to aftercare.</p>',
      mission: 'To build places people are proud to live and work in, safely, on time and with care for what we leave behind.',
      vision: 'To be the most trusted builder in the north of England, and its first carbon-neutral one.',
      values: ['Safety above everything', 'Honest advice', 'Craftsmanship', 'Respect for neighbours', 'Sustainability'],
      team_images: [],
    },
  ]),
  'privacy-policy': records(privacyPolicy, [
    {
      title: 'Privacy Policy',
      content:
        '<p>This policy explains how Cornerstone collects and uses personal data when you visit our website, ' +
        'send us an enquiry or apply for a job.</p>' +
        '<h2>What we collect</h2><p>The details you give us in our forms, and anonymous statistics about visits.</p>' +
        '<h2>Your rights</h2><p>You may ask to see, correct or delete your data at privacy@cornerstone.example.com.</p>',
      effective_date: '2026-01-01',
    },
  ]),
  seo: records(seo, [
    {
      path: '/',
      meta_title: 'Cornerstone | Construction & Property Development',
      meta_description:
        'Design and build of homes, offices, warehouses and infrastructure across the north of England since 1998.',
      share_image: null,
      canonical_url: null,
      noindex: false,
    },
    {
      path: '/projects',
      meta_title: 'Our Projects | Cornerstone',
      meta_description: 'Residential, commercial, industrial and infrastructure projects delivered by Cornerstone.',
      share_image: null,
      canonical_url: null,
      noindex: false,
    },
    {
      path: '/careers',
      meta_title: 'Careers in Construction | Cornerstone',
      meta_description: 'Site, engineering, commercial and design roles. Build your career with Cornerstone.',
      share_image: null,
      canonical_url: null,
      noindex: false,
    },
    {
      path: '/thank-you',
      meta_title: 'Thank you | Cornerstone',
      meta_description: null,
      share_image: null,
      canonical_url: null,
      noindex: true,
    },
  ]),
  counters: records(counters, [
    { label: 'Projects completed', value: 250, suffix: '+', icon: 'apartment', active: true },
    { label: 'Years of experience', value: 25, suffix: '+', icon: 'calendar_month', active: true },
    { label: 'Client satisfaction', value: 98, suffix: '%', icon: 'thumb_up', active: true },
    { label: 'Square metres built', value: 1200000, suffix: null, icon: 'square_foot', active: true },
  ]),
};

// Links a seeder fills in once the referenced sample exists (ids are not known before): samples[area][index][field]
// gets the id of the record of `target.area` whose `target.field` equals `target.value`.
export interface SampleReference {
  area: string;
  index: number;
  field: string;
  target: { area: string; field: string; value: string };
}

const applicationFor = (index: number, slug: string): SampleReference => ({
  area: 'careers-form',
  index,
  field: 'career_id',
  target: { area: 'careers', field: 'slug', value: slug },
});

export const sampleReferences: readonly SampleReference[] = [
  applicationFor(0, 'site-engineer'),
  applicationFor(1, 'quantity-surveyor'),
  applicationFor(2, 'site-engineer'),
];
