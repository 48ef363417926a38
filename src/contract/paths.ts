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
