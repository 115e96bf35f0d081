import type { TemplateInput } from '@pc/contract';

/** A demo template: what was written, and what Meta made of it. */
export type DemoTemplate = {
  /** The body (`text`) of an authentication template is Meta's, from its `authentication` choices. */
  input: Partial<TemplateInput> & Pick<TemplateInput, 'name' | 'category'>;
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DRAFT';
  daysAgo: number;
  rejectedReason?: string;
  /** Approved in this category, then moved by Meta to the template's `category`. */
  approvedAs?: 'UTILITY' | 'AUTHENTICATION';
  /** Sample media: the demo's banner image (stored by the seed). */
  banner?: boolean;
  /** What Meta's template webhooks said beyond the status. */
  fromMeta?: {
    rejection?: { reason: string; recommendation: string };
    /** other_info: the pause's kind and Meta's words. */
    pause?: { title: string; description: string };
    flagged?: boolean;
    qualityScore?: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
    /** Meta announced a move to this category, made this many hours from the demo's start. */
    upcoming?: { category: 'MARKETING' | 'UTILITY'; inHours: number };
  };
};

const quick = (...replies: string[]) => ({ message_action_type: 'QuickReplies', quick_replies: replies });
const url = (buttonTitle: string, buttonValue: string) => ({
  message_action_type: 'CAT',
  call_to_action: [{ type: 'URL', buttonTitle, buttonValue }],
});

/**
 * Sunrise Bakery's templates show every state the screen tells apart: approved ones of each type and
 * button kind, one re-categorised by Meta (its price went up), rejected ones with Meta's reasons, a
 * paused one, one still in review (the sandbox approves it a minute after the console starts) and
 * a draft.
 */
export const sunriseTemplates: DemoTemplate[] = [
  {
    input: {
      name: 'order_confirmation',
      category: 'UTILITY',
      headerText: 'Order confirmed',
      text: 'Hi {{1}}, your order {{2}} is confirmed and will be ready for pickup at {{3}}. Thank you for choosing Sunrise Bakery!',
      templateParams: ['Asha', 'SB-1042', '5 pm'],
      footerText: 'Sunrise Bakery',
      ...quick('Track order', 'Talk to us'),
    },
    status: 'APPROVED',
    daysAgo: 100,
  },
  {
    input: {
      name: 'weekend_offer',
      category: 'MARKETING',
      type: 'IMAGE',
      text: 'Hello {{1}}! This weekend only, get *20% off* on all cakes and pastries. Show this message at the counter to redeem your offer.',
      templateParams: ['Ravi'],
      footerText: 'Offer valid till Sunday',
      ...url('Order now', 'https://sunrise.example/order'),
    },
    status: 'APPROVED',
    daysAgo: 60,
    banner: true,
  },
  {
    input: {
      name: 'payment_reminder',
      category: 'UTILITY',
      text: 'Dear {{1}}, your payment of Rs {{2}} for order {{3}} is due on {{4}}. Please pay on time to avoid the cancellation of your order.',
      templateParams: ['Meena', '850', 'SB-1077', '12 Dec'],
      message_action_type: 'CAT',
      call_to_action: [
        { type: 'Phone Number', buttonTitle: 'Call us', buttonValue: '9876543210', extension: '91' },
        { type: 'URL', buttonTitle: 'Pay now', buttonValue: 'https://sunrise.example/pay/{{1}}' },
      ],
      sampleCTAUrl: 'https://sunrise.example/pay/SB-1077',
    },
    status: 'APPROVED',
    daysAgo: 45,
  },
  {
    input: {
      name: 'festive_hampers',
      category: 'MARKETING',
      text: 'Hi {{1}}, celebrate the festival with our _limited time_ festive hampers. Use coupon code SWEET10 for an exclusive discount on every order this week.',
      templateParams: ['Kiran'],
    },
    status: 'APPROVED',
    approvedAs: 'UTILITY',
    daysAgo: 20,
  },
  {
    input: {
      name: 'lucky_draw_winner',
      category: 'MARKETING',
      text: 'Congratulations {{1}}, you have won our lottery prize! Claim your prize today at bit.ly/sunrise-prize before it expires.',
      templateParams: ['Sam'],
    },
    status: 'REJECTED',
    rejectedReason: 'SCAM',
    daysAgo: 15,
  },
  {
    input: {
      name: 'store_location',
      category: 'UTILITY',
      type: 'LOCATION',
      text: 'Hi {{1}}, our new outlet is open! Find us at the location above, open from 8 am to 10 pm every day.',
      templateParams: ['Neha'],
    },
    status: 'APPROVED',
    daysAgo: 12,
  },
  {
    input: {
      name: 'cart_reminder',
      category: 'MARKETING',
      text: 'Hi {{1}}, you left ~two items~ in your cart. Complete your order today and we will deliver it fresh tomorrow morning.',
      templateParams: ['Vikram'],
      ...url('Open cart', 'https://sunrise.example/cart'),
    },
    status: 'PAUSED',
    daysAgo: 9,
  },
  {
    input: {
      name: 'feedback_request',
      category: 'UTILITY',
      text: 'Hi {{1}}, how was your order from Sunrise Bakery today? Your feedback helps us bake better for you.',
      templateParams: ['Priya'],
      ...quick('Loved it', 'It was okay', 'Not happy'),
    },
    status: 'APPROVED',
    daysAgo: 6,
  },
  {
    input: {
      name: 'delivery_update',
      category: 'UTILITY',
      language: 'hi',
      text: 'नमस्ते {{1}}, आपका ऑर्डर {{2}} रास्ते में है और आज शाम तक आप तक पहुंच जाएगा।',
      templateParams: ['अनिल', 'SB-1101'],
    },
    status: 'PENDING',
    daysAgo: 0,
  },
  {
    input: {
      name: 'christmas_special',
      category: 'MARKETING',
      text: 'Hi {{1}}, our Christmas plum cakes are back! Pre-order yours before',
      templateParams: [''],
    },
    status: 'DRAFT',
    daysAgo: 2,
  },
];

export const metroTemplates: DemoTemplate[] = [
  {
    input: {
      name: 'appointment_reminder',
      category: 'UTILITY',
      text: 'Hello {{1}}, this is a reminder of your appointment with {{2}} on {{3}} at Metro Clinics. Reply to reschedule.',
      templateParams: ['Farah', 'Dr. Rao', '14 Dec, 11:00'],
      ...quick('Confirm', 'Reschedule'),
    },
    status: 'APPROVED',
    daysAgo: 70,
  },
  {
    input: {
      name: 'login_code',
      category: 'AUTHENTICATION',
      language: 'en_US',
      authentication: { otpType: 'COPY_CODE', addSecurityRecommendation: true, codeExpirationMinutes: 10 },
    },
    status: 'APPROVED',
    daysAgo: 50,
  },
  {
    input: {
      name: 'health_checkup_offer',
      category: 'UTILITY',
      text: 'Book a full body checkup this month and save 30% off with coupon HEALTH30 at any Metro Clinics centre.',
      ...url('Book now', 'https://metro.example/book'),
    },
    status: 'REJECTED',
    rejectedReason: 'INCORRECT_CATEGORY',
    daysAgo: 8,
  },
  // What Meta's template webhooks said beyond the status (Metro Clinics: no spec changes this project).
  {
    input: {
      name: 'slot_available',
      category: 'MARKETING',
      text: 'Good news {{1}}{{2}}, the health checkup slot you asked about is open again at Metro Clinics today.',
      templateParams: ['Asha', ' Rao'],
    },
    status: 'REJECTED',
    rejectedReason: 'INVALID_FORMAT',
    daysAgo: 11,
    // Meta's own example of rejection_info (webhooks reference, message_template_status_update).
    fromMeta: {
      rejection: {
        reason:
          'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
        recommendation:
          'Separate parameters with descriptive text and ensure each parameter is clearly contextualized.',
      },
    },
  },
  {
    input: {
      name: 'checkup_reminder',
      category: 'MARKETING',
      text: 'Hi {{1}}, your yearly health checkup is due. Book this week at any Metro Clinics centre and skip the queue.',
      templateParams: ['Farah'],
    },
    status: 'PAUSED',
    daysAgo: 9,
    // Meta pauses a template for low quality: 3 hours the first time (other_info's FIRST_PAUSE).
    fromMeta: {
      pause: {
        title: 'FIRST_PAUSE',
        description: 'Your WhatsApp message template has been paused for 3 hours because of low quality.',
      },
      qualityScore: 'RED',
    },
  },
  {
    input: {
      name: 'visit_feedback',
      category: 'UTILITY',
      text: 'Hi {{1}}, how was your visit to Metro Clinics today? Your answer helps our doctors care better for you.',
      templateParams: ['Imran'],
      ...quick('Very good', 'It was okay', 'Not happy'),
    },
    status: 'APPROVED',
    daysAgo: 6,
    fromMeta: { flagged: true, qualityScore: 'YELLOW' },
  },
  {
    input: {
      name: 'care_points',
      category: 'UTILITY',
      text: 'Hi {{1}}, you have {{2}} Metro Care points. Redeem them at your next visit and enjoy a free consultation this weekend!',
      templateParams: ['Ravi', '320'],
    },
    status: 'APPROVED',
    daysAgo: 30,
    fromMeta: { qualityScore: 'GREEN', upcoming: { category: 'MARKETING', inHours: 20 } },
  },
];

const directNames = [
  ['welcome_message', 'Welcome to Corner Store, {{1}}! Reply to this message any time to order your daily groceries.'],
  ['order_packed', 'Hi {{1}}, your order {{2}} is packed and will leave our store within the next hour.'],
  ['order_delivered', 'Hi {{1}}, your order {{2}} has been delivered. Thank you for shopping at Corner Store.'],
  [
    'refund_processed',
    'Hi {{1}}, the refund of Rs {{2}} for order {{3}} has been processed to your original payment method.',
  ],
  ['store_timings', 'Hi {{1}}, Corner Store is open from 7 am to 11 pm on all days, including public holidays.'],
  ['out_of_stock', 'Hi {{1}}, an item in your order {{2}} is out of stock today. We will call you with a replacement.'],
  ['address_confirmation', 'Hi {{1}}, please confirm that your delivery address is {{2}} by replying to this message.'],
  ['payment_received', 'Hi {{1}}, we have received your payment of Rs {{2}} for order {{3}}. Thank you!'],
  ['slot_booked', 'Hi {{1}}, your delivery slot on {{2}} between {{3}} is booked. We will message you on the way.'],
  ['invoice_ready', 'Hi {{1}}, the invoice for your order {{2}} is ready. Reply INVOICE to receive it here.'],
  ['account_updated', 'Hi {{1}}, your Corner Store account details were updated today. Reply if this was not you.'],
  ['loyalty_points', 'Hi {{1}}, you have {{2}} loyalty points in your Corner Store account as of today.'],
] as const;
const samples = ['Arun', 'CS-2201', '240', 'Friday', '6 to 8 pm'];

/** Corner Store (the DIRECT partner's): more than one page of 10, so its cursor paging shows. */
export const cornerStoreTemplates: DemoTemplate[] = directNames.map(([name, text], i) => ({
  input: {
    name,
    category: 'UTILITY',
    text,
    templateParams: samples.slice(0, (text.match(/\{\{/g) ?? []).length),
  },
  status: i === 11 ? 'PENDING' : 'APPROVED',
  daysAgo: 40 - i * 3,
}));
