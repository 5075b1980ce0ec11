// What the public API answers (docs/api.md; the exact schemas are in /api/openapi.json), as the pages read it.
// A type file only, for the JSDoc in the modules: the browser never loads it.

export interface Image {
  url: string;
  alt: string | null;
  mime: string | null;
  size: number | null;
  /** Pixels, as shown: null for an image at another address. */
  width: number | null;
  height: number | null;
}

export interface List<T> {
  data: T[];
  page?: number;
  per_page?: number;
  total?: number;
  /** False past 10,000 matches: total and total_pages stop there. */
  total_exact?: boolean;
  total_pages?: number;
  /** `?cursor=` for the next page without gaps or repeats (null on the last page). */
  next_cursor?: string | null;
}

export interface Hero {
  headline: string;
  subheadline: string | null;
  background_image: Image | null;
  cta_text: string | null;
  cta_link: string | null;
}

export interface Feature {
  id: number;
  title: string;
  description: string | null;
}

export interface Counter {
  id: number;
  label: string;
  value: number;
  suffix: string | null;
}

export interface Testimonial {
  id: number;
  name: string;
  role: string | null;
  company: string | null;
  quote: string;
}

export interface Partner {
  id: number;
  name: string;
  logo: Image | null;
  website: string | null;
}

export interface Banner {
  id: number;
  title: string;
  subtitle: string | null;
  image: Image | null;
  link: string | null;
  button_text: string | null;
}

export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  cover_image: Image | null;
  tags: string[];
  published_at: string | null;
  author: string | null;
}

export interface Post extends PostSummary {
  /** Sanitized by the API; the page still rebuilds it from an allow-list (html.js). */
  content: string | null;
}

export interface Project {
  id: number;
  title: string;
  slug: string;
  category: string;
  location: string | null;
  year: number | null;
  status: string | null;
  cover_image: Image | null;
}

export interface JobSummary {
  id: number;
  title: string;
  slug: string;
  department: string | null;
  location: string | null;
  employment_type: string | null;
  closing_date: string | null;
}

export interface Job extends JobSummary {
  description: string | null;
  requirements: string | null;
}

export interface ContactInformation {
  addresses: { label: string; address: string }[];
  phones: { label: string; number: string }[];
  emails: { label: string; email: string }[];
  opening_hours: { days: string; hours: string }[];
  map_link: string | null;
  facebook: string | null;
  instagram: string | null;
  linkedin: string | null;
  x: string | null;
  youtube: string | null;
}

export interface SeoEntry {
  path: string;
  meta_title: string;
  meta_description: string | null;
  share_image: Image | null;
  canonical_url: string | null;
  noindex: boolean;
}

/** The list endpoints, by name: GET /api/public/<name> answers List<Lists[name]>. */
export interface Lists {
  features: Feature;
  counters: Counter;
  testimonials: Testimonial;
  partners: Partner;
  banners: Banner;
  blogs: PostSummary;
  projects: Project;
  careers: JobSummary;
}

/** The single-object endpoints, by name. */
export interface Singles {
  hero: Hero;
  'contact-us': ContactInformation;
  seo: SeoEntry;
}
