/**
 * The portal backend's calls (spec section 7), paths spelt as the spec writes them. `send` says
 * where the payload goes: a JSON body, multipart form data, or (for the DELETE calls, whose
 * bodies proxies and servers often drop) the query string.
 */
export const PORTAL_ENDPOINTS = {
  login: { method: 'POST', path: '/auth/token', send: 'json' },
  upload: { method: 'POST', path: '/common/PostData', send: 'multipart' },
  createWorkspace: { method: 'POST', path: '/common/CreateWorkSpace', send: 'json' },
  deleteWorkspace: { method: 'POST', path: '/common/DeleteWorkSpace', send: 'json' },
  createDatabase: { method: 'POST', path: '/Common/PostDataBase', send: 'json' },
  deleteDatabase: { method: 'DELETE', path: '/Common/DeleteDataBase', send: 'query' },
  deleteTable: { method: 'DELETE', path: '/common/deletetable', send: 'query' },
  insertData: { method: 'POST', path: '/common/InsertData', send: 'json' },
} as const satisfies Record<string, { method: 'POST' | 'DELETE'; path: string; send: 'json' | 'multipart' | 'query' }>;

export type PortalEndpoint = (typeof PORTAL_ENDPOINTS)[keyof typeof PORTAL_ENDPOINTS];

/** Messages answered without asking the backend (spec section 5), as the in-memory portal words them. */
export const PORTAL_MESSAGES = {
  databaseNameRequired: '请输入数据库名称',
  workspaceNameRequired: '工作空间名称不能为空',
  noFiles: '请选择文件',
} as const;
