/** The API's paths, as the spec's call table names them (odd spellings included: they are the contract). */
export const api = {
  auth: {
    register: '/v1/auth/register',
    login: '/v1/auth/login',
    refresh: '/v1/auth/refresh',
    logout: '/v1/auth/logout',
    verification: '/v1/auth/verification',
    passwordReset: '/v1/auth/passwordReset',
    resetPassword: '/v1/auth/Resetpassword',
    me: '/v1/auth/me',
    resendVerification: (userId: string) => `/api/v1/emailtemplates/send-verification-email/${userId}`,
  },
  companies: { list: '/v1/companies', me: '/v1/companies/me', one: (id: string) => `/v1/companies/${id}` },
  menus: { list: '/v1/menus', one: (id: number) => `/v1/menus/${id}` },
  menuItems: { create: '/v1/menuitems', one: (id: number) => `/v1/menuitems/${id}` },
  parishes: '/v1/parishes',
  identifications: '/v1/identifications',
  packageStatuses: { list: '/v1/package_statuses', one: (id: number) => `/v1/package_statuses/${id}` },
  users: { list: '/v1/users', one: (id: string) => `/v1/users/${id}` },
} as const;

export const packageApi = {
  packages: {
    list: '/v1/packages',
    one: (id: string) => `/v1/packages/${id}`,
    counts: '/v1/packages/counts',
  },
  prealerts: {
    create: '/v1/peralert',
    list: '/v1/peralert',
    cancel: (id: string) => `/v1/peralert/${id}/cancel`,
  },
  receipts: { create: '/v1/packagereceipts', one: (id: string) => `/v1/packagereceipts/${id}` },
  files: { download: (id: string) => `/v1/files/${id}` },
  staff: {
    receive: '/v1/admin/packages/receive',
    status: (id: string) => `/v1/admin/packages/${id}/status`,
  },
} as const;

/** The customer account: invoices, estimator, fees, points, authorized persons, purchase requests, profile. */
export const accountApi = {
  invoices: {
    list: '/v1/invoices',
    create: '/v1/invoices',
    one: (id: string) => `/v1/invoices/${id}`,
    pdf: (id: string) => `/v1/invoices/${id}/pdf`,
    send: (id: string) => `/v1/invoices/${id}/send`,
  },
  dutyCategories: '/v1/dutycategories',
  dutyCalculator: '/v1/dutycalculator',
  fees: '/v1/fees',
  points: { list: '/v1/points', adjust: '/v1/admin/points/adjust' },
  authorizedPersons: {
    list: '/v1/authorizedpersons',
    create: '/v1/authorizedpersons',
    one: (id: string) => `/v1/authorizedpersons/${id}`,
  },
  purchaseRequests: {
    list: '/v1/purchaserequests/',
    create: '/v1/purchaserequests/',
    one: (id: string) => `/v1/purchaserequests/${id}`,
    quote: (id: string) => `/v1/purchaserequests/${id}/quote`,
  },
  profile: { get: '/v1/profile', update: '/v1/profile', password: '/v1/profile/password' },
  notifications: {
    list: '/v1/notifications',
    read: (id: string) => `/v1/notifications/${id}/read`,
    readAll: '/v1/notifications/read-all',
  },
  summary: '/v1/account/summary',
} as const;
