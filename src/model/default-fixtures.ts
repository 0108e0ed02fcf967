import type { Fixtures } from '../contract/fixtures-schema.js'

/**
 * The default data: the documented keys (stable forever) and their projects, written to `fixtures/default.json` by the build.
 * It is written in its validated form, every default explicit (a test checks that parsing it
 * changes nothing), so a sandbox uses it without parsing it.
 *
 * @example
 * defaultFixtures.api_keys.map((apiKey) => apiKey.key) // ['sbx_user_alpha', 'sbx_project_101', …]
 */
export const defaultFixtures: Fixtures = {
  users: [
    {
      id: 1,
      name: 'Alpha Outfitters',
    },
    {
      id: 2,
      name: 'Beta Brands',
    },
    {
      id: 3,
      name: 'Empty Account Ltd',
    },
  ],
  api_keys: [
    {
      key: 'sbx_user_alpha',
      name: 'Alpha user key',
      level: 'USER',
      user_id: 1,
      project_id: null,
      expiry: '2099-12-31T23:59:59Z',
      revoked: false,
    },
    {
      key: 'sbx_project_101',
      name: 'Northwind project key',
      level: 'PROJECT',
      user_id: 1,
      project_id: 101,
      expiry: '2099-12-31T23:59:59Z',
      revoked: false,
    },
    {
      key: 'sbx_user_beta',
      name: 'Beta user key',
      level: 'USER',
      user_id: 2,
      project_id: null,
      expiry: '2099-12-31T23:59:59Z',
      revoked: false,
    },
    {
      key: 'sbx_user_empty',
      name: 'Empty account key',
      level: 'USER',
      user_id: 3,
      project_id: null,
      expiry: '2099-12-31T23:59:59Z',
      revoked: false,
    },
    {
      key: 'sbx_user_expired',
      name: 'Expired user key',
      level: 'USER',
      user_id: 1,
      project_id: null,
      expiry: '2020-01-01T00:00:00Z',
      revoked: false,
    },
    {
      key: 'sbx_user_revoked',
      name: 'Revoked user key',
      level: 'USER',
      user_id: 1,
      project_id: null,
      expiry: '2099-12-31T23:59:59Z',
      revoked: true,
    },
  ],
  projects: [
    {
      id: 101,
      user_id: 1,
      name: 'northwind',
      display_name: 'Northwind Outdoor',
      domain: 'northwind-outdoor.example',
      region: 'US',
      language: 'en',
      status: 'active',
      created_at: '2023-03-14T09:26:53Z',
      providers: ['chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overview'],
      data_regions: ['US', 'CA'],
      topics: [
        {
          name: 'hiking boots',
          brands: ['Northwind', 'Summit Gear', 'TrailCo'],
        },
        {
          name: 'rain jackets',
          brands: ['Northwind', 'Stormline', 'Peakwear'],
        },
        {
          name: 'camping tents',
          brands: ['Northwind', 'Basecamp Co', 'TrailCo'],
        },
      ],
    },
    {
      id: 102,
      user_id: 1,
      name: 'contoso-bank',
      display_name: 'Contoso Bank',
      domain: 'contoso-bank.example',
      region: 'GB',
      language: 'en',
      status: 'active',
      created_at: '2023-06-02T14:05:00Z',
      providers: ['chatgpt', 'perplexity', 'gemini', 'copilot'],
      data_regions: ['GB', 'IE'],
      topics: [
        {
          name: 'savings accounts',
          brands: ['Contoso Bank', 'Fabrikam Finance', 'Woodgrove'],
        },
        {
          name: 'mortgages',
          brands: ['Contoso Bank', 'Woodgrove', 'Litware Lending'],
        },
        {
          name: 'credit cards',
          brands: ['Contoso Bank', 'Fabrikam Finance'],
        },
      ],
    },
    {
      id: 103,
      user_id: 1,
      name: 'bergblick',
      display_name: 'Bergblick Reisen',
      domain: 'bergblick-reisen.example',
      region: 'DE',
      language: 'de',
      status: 'active',
      created_at: '2023-09-20T08:00:00Z',
      providers: ['chatgpt', 'gemini', 'deepseek', 'grok', 'google_ai_mode'],
      data_regions: ['DE', 'AT', 'CH'],
      topics: [
        {
          name: 'wanderreisen',
          brands: ['Bergblick Reisen', 'Alpenweg', 'Gipfeltouren'],
        },
        {
          name: 'skiurlaub',
          brands: ['Bergblick Reisen', 'Schneehang', 'Alpenweg'],
        },
      ],
    },
    {
      id: 201,
      user_id: 2,
      name: 'tailspin',
      display_name: 'Tailspin Toys',
      domain: 'tailspin-toys.example',
      region: 'AU',
      language: 'en',
      status: 'active',
      created_at: '2024-01-10T10:00:00Z',
      providers: ['chatgpt', 'claude', 'perplexity', 'copilot'],
      data_regions: ['AU', 'NZ'],
      topics: [
        {
          name: 'wooden toys',
          brands: ['Tailspin Toys', 'Wingtip Play', 'Proseware Kids'],
        },
        {
          name: 'board games',
          brands: ['Tailspin Toys', 'Proseware Kids'],
        },
      ],
    },
  ],
}
