import { z } from 'zod';
import { ApplicationForm } from './application-form.js';

/**
 * What the application form shows (doc 2 section 2.5: "fields, titles, subtitles and links come
 * from configuration"): a JSON the super-admin edits (`/superadmin/application-form-config`), read
 * by the form. Each step has a title, a subtitle, links (help pages) and a label per field; the
 * sample media are the demo files the automatic submit sends with the form.
 */

const Link = z.object({ label: z.string().trim().min(1).max(100), url: z.url({ protocol: /^https?$/ }).max(2000) });
const Step = z.object({
  title: z.string().trim().min(1).max(100),
  subtitle: z.string().trim().max(300),
  links: z.array(Link).max(5),
  /** Field name -> its label (and a placeholder). */
  fields: z.record(
    z.string().max(50),
    z.object({ label: z.string().trim().min(1).max(100), placeholder: z.string().max(100).optional() }),
  ),
});

export const ApplicationFormConfig = z.object({
  steps: z.tuple([Step, Step, Step, Step]),
  sampleMedia: z.object({
    image: z.url({ protocol: /^https?$/ }).max(2000),
    video: z.url({ protocol: /^https?$/ }).max(2000),
    document: z.url({ protocol: /^https?$/ }).max(2000),
  }),
});
export type ApplicationFormConfig = z.infer<typeof ApplicationFormConfig>;

const field = (label: string, placeholder?: string) => ({ label, ...(placeholder ? { placeholder } : {}) });

/** The configuration until the super-admin saves one. */
export const defaultApplicationFormConfig: ApplicationFormConfig = {
  steps: [
    {
      title: 'Personal details',
      subtitle: 'Who Meta and we can reach about this application.',
      links: [],
      fields: {
        name: field('Full name'),
        number: field('Phone number', 'Digits with the country code'),
        email: field('Email'),
      },
    },
    {
      title: 'Business details',
      subtitle: 'The business as it is registered: Meta checks it against its documents.',
      links: [],
      fields: {
        entityName: field('Business entity name'),
        website: field('Website'),
        businessVertical: field('Business vertical'),
        companySize: field('Company size'),
        headquarters: field('Headquarters (country)'),
        addressLine1: field('Official address: line 1'),
        addressLine2: field('Address line 2 (optional)'),
        city: field('City'),
        state: field('State'),
        zipCode: field('Zip code'),
        country: field('Country'),
      },
    },
    {
      title: 'Facebook business details',
      subtitle: 'The Facebook Business Manager the WhatsApp account will belong to.',
      links: [
        { label: 'Find your Business Manager ID', url: 'https://www.facebook.com/business/help/1181250022022158' },
      ],
      fields: {
        facebookPage: field('Facebook page'),
        businessManagerId: field('FB Business Manager ID'),
        isManagerVerified: field('Is the Business Manager verified?'),
      },
    },
    {
      title: 'WhatsApp account details',
      subtitle: 'The number and the name your customers will see.',
      links: [{ label: 'Display name guidelines', url: 'https://www.facebook.com/business/help/338047025165344' }],
      fields: {
        whatsappNumber: field('WhatsApp phone number', 'Digits with the country code'),
        displayName: field('Display name'),
      },
    },
  ],
  sampleMedia: {
    image: 'https://console.example/samples/sample-image.jpg',
    video: 'https://console.example/samples/sample-video.mp4',
    document: 'https://console.example/samples/sample-document.pdf',
  },
};

/**
 * The default as a server at `origin` serves it: the sample media are its files (`/samples/...`),
 * in place of the placeholder host. The schema takes only absolute URLs, rightly: the media go out
 * with a submitted form to whoever reviews it, where a bare path means nothing.
 */
export const defaultApplicationFormConfigAt = (origin: string): ApplicationFormConfig => {
  const here = (url: string) => `${origin}${new URL(url).pathname}`;
  const { image, video, document } = defaultApplicationFormConfig.sampleMedia;
  return {
    ...defaultApplicationFormConfig,
    sampleMedia: { image: here(image), video: here(video), document: here(document) },
  };
};

/** The submitted form as the project keeps it (`apiFormDetails`), with when and the sample media sent with it. */
export const ApiFormDetails = ApplicationForm.extend({
  submittedAt: z.iso.datetime(),
  sampleMedia: ApplicationFormConfig.shape.sampleMedia,
});
export type ApiFormDetails = z.infer<typeof ApiFormDetails>;

export const applicationFormSubmitted = 'Submitted';
export const SubmitApplicationFormResponse = z.object({ message: z.string(), apiFormDetails: ApiFormDetails });
export type SubmitApplicationFormResponse = z.infer<typeof SubmitApplicationFormResponse>;
