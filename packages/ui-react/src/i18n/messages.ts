import { PASSWORD_REQUIRED_MESSAGE, USERNAME_REQUIRED_MESSAGE } from '@gportal/core';

/**
 * Every user-visible string of the UI, in Chinese first and English. The seed's Chinese
 * messages are kept word for word. `{name}` marks a value filled in by `translate`.
 * `messages.test.ts` fails when a key is missing, empty or has other placeholders in a language.
 */
const zhCN = {
  'app.title': 'gportal 地理信息门户',
  'app.loading': '加载中…',
  'language.label': '语言',
  'language.zh-CN': '中文',
  'language.en': 'English',
  'mode.embedded': '内置示例数据',
  'mode.map-server': '地图服务器',

  'header.signedInAs': '当前用户：{name}',
  'header.signOut': '退出登录',
  'nav.testIndex': '首页演示',
  'nav.manage': '管理',
  'nav.geoserver': 'GeoServer 测试',
  'nav.testMap': '地图测试',
  'nav.featureMap': '要素地图',

  'login.title': '登录',
  'login.username': '用户名',
  'login.password': '密码',
  'login.submit': '登录',
  // The core's validation messages (spec section 5), word for word.
  'login.usernameRequired': USERNAME_REQUIRED_MESSAGE,
  'login.passwordRequired': PASSWORD_REQUIRED_MESSAGE,
  'login.demoAccount': '演示账号：用户名 {username}，密码 {password}',
  'login.failed': '登录失败',

  'indexDemo.title': '首页演示',
  'indexDemo.goToMap': '跳转到地图页面',
  'indexDemo.setCache': '设置用户缓存',
  'indexDemo.getCache': '获取用户缓存',
  'indexDemo.clearCache': '清除用户缓存',
  'indexDemo.placeholder': '请输入要缓存的值',
  'indexDemo.cached': '已缓存',
  'indexDemo.cleared': '已清除用户缓存',

  'manage.title': '管理',
  'manage.module': '管理模块 {n}',
  'manage.moduleBody': '这里是管理模块 {n} 的内容。',
  'manage.previous': '上一个模块',
  'manage.next': '下一个模块',

  'placeholder.later': '此页面将在后续版本中提供。',
  'geoserver.title': 'GeoServer 测试',
  'geoserver.fileTest': '文件测试',
  'geoserver.apiTest': 'API 测试',
  'geoserver.map': '地图',
  'testMap.title': '地图测试',
  'featureMap.title': '要素地图',

  'notFound.title': '页面不存在',
  'notFound.back': '返回首页',

  'problems.title': '配置或存储有问题',
  'problems.unknownSetting': '未知设置“{key}”（来自 {source}），未使用。',
  'problems.invalidValue': '设置“{key}”的值“{value}”（来自 {source}）无效，应为 {expected}；已使用默认值“{fallback}”。',
  'problems.unreadableFile': '无法读取 config.json：{detail}',
  'problems.storage': '浏览器存储中“{key}”的数据无法使用（{reason}），已忽略。',
  'problems.storageReason.corrupt': '不是 JSON',
  'problems.storageReason.foreign': '不是 gportal 写入的数据',
  'problems.storageReason.version': '由其他版本的 gportal 写入',
  'problems.storageReason.shape': '内容不符合要求',
  'problems.storageUnavailable': '浏览器不允许使用本地存储，数据只保留到页面关闭：{detail}',
  'problems.storageWrite': '无法写入浏览器存储“{key}”，修改只保留到页面关闭：{detail}',
  'problems.modeUnavailable': '地图服务器模式不可用：{detail}',
  'problems.modeUnavailableTitle': '此运行模式不可用',
  'problems.source.config.json': 'config.json',
  'problems.source.environment': '环境变量',

  // save failures
  'saveFailure.connection-refused': '无法连接地图服务器，没有保存任何修改。修改仍保留，可稍后再次保存。',
  'saveFailure.outcome-unknown': '保存请求已发出，但与地图服务器的连接中断，无法确认是否已保存。修改仍保留；再次保存前会先向服务器核对，不会重复保存。',
  'saveFailure.timeout': '地图服务器在规定时间内没有应答，无法确认是否已保存。修改仍保留；再次保存前会先向服务器核对，不会重复保存。',
  'saveFailure.server-error': '地图服务器拒绝了保存：{detail}。修改仍保留。',
  'saveFailure.server-error-unknown': '地图服务器出错：{detail}。无法确认是否已保存；修改仍保留，再次保存前会先向服务器核对，不会重复保存。',
  'saveFailure.partial': '部分修改已保存，{count} 项没有保存：{detail}。没有保存的修改仍保留。',
  'saveFailure.malformed-answer': '无法读取地图服务器的应答，无法确认是否已保存。修改仍保留；再次保存前会先向服务器核对，不会重复保存。',
  'saveFailure.journal': '无法在浏览器中记录待保存的修改，因此没有发送。修改仍显示在地图上；请清理浏览器存储空间后再次保存。',
  'saveFailure.journalConflict': '此图层正在另一个标签页中编辑。请在那个标签页中编辑并保存，或关闭它后重试。',
} as const;

export type MessageKey = keyof typeof zhCN;
export type MessageTable = Readonly<Record<MessageKey, string>>;

const en: MessageTable = {
  'app.title': 'gportal web GIS portal',
  'app.loading': 'Loading…',
  'language.label': 'Language',
  'language.zh-CN': '中文',
  'language.en': 'English',
  'mode.embedded': 'Embedded sample data',
  'mode.map-server': 'Map server',

  'header.signedInAs': 'Signed in as {name}',
  'header.signOut': 'Sign out',
  'nav.testIndex': 'Index demo',
  'nav.manage': 'Management',
  'nav.geoserver': 'GeoServer test',
  'nav.testMap': 'Map test',
  'nav.featureMap': 'Feature map',

  'login.title': 'Sign in',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.usernameRequired': 'Please enter the username!',
  'login.passwordRequired': 'Please enter the password!',
  'login.demoAccount': 'Demo account: username {username}, password {password}',
  'login.failed': 'Sign-in failed',

  'indexDemo.title': 'Index demo',
  'indexDemo.goToMap': 'Go to map page',
  'indexDemo.setCache': 'Set user cache',
  'indexDemo.getCache': 'Get user cache',
  'indexDemo.clearCache': 'Clear user cache',
  'indexDemo.placeholder': 'Enter the value to cache',
  'indexDemo.cached': 'Cached',
  'indexDemo.cleared': 'User cache cleared',

  'manage.title': 'Management',
  'manage.module': 'Management module {n}',
  'manage.moduleBody': 'This is the content of management module {n}.',
  'manage.previous': 'Previous module',
  'manage.next': 'Next module',

  'placeholder.later': 'This screen comes in a later version.',
  'geoserver.title': 'GeoServer test',
  'geoserver.fileTest': 'File test',
  'geoserver.apiTest': 'API test',
  'geoserver.map': 'Map',
  'testMap.title': 'Map test',
  'featureMap.title': 'Feature map',

  'notFound.title': 'Page not found',
  'notFound.back': 'Back to the start page',

  'problems.title': 'Configuration or storage problems',
  'problems.unknownSetting': 'Unknown setting "{key}" (from {source}), not used.',
  'problems.invalidValue': 'Setting "{key}" has the invalid value "{value}" (from {source}), expected {expected}; the default "{fallback}" is used.',
  'problems.unreadableFile': 'config.json cannot be read: {detail}',
  'problems.storage': 'Data under "{key}" in browser storage cannot be used ({reason}) and was ignored.',
  'problems.storageReason.corrupt': 'not JSON',
  'problems.storageReason.foreign': 'not written by gportal',
  'problems.storageReason.version': 'written by another version of gportal',
  'problems.storageReason.shape': 'unexpected content',
  'problems.storageUnavailable': 'The browser denies local storage; data lasts only until the page is closed: {detail}',
  'problems.storageWrite': 'Browser storage refused "{key}", changes last only until the page is closed: {detail}',
  'problems.modeUnavailable': 'Map-server mode is not available: {detail}',
  'problems.modeUnavailableTitle': 'This mode is not available',
  'problems.source.config.json': 'config.json',
  'problems.source.environment': 'environment variables',

  // save failures
  'saveFailure.connection-refused': 'The map server cannot be reached; nothing was saved. Your changes are kept; save again later.',
  'saveFailure.outcome-unknown': 'The save was sent, but the connection to the map server broke, so it is not known whether it was saved. Your changes are kept; the next save first checks with the server and never saves anything twice.',
  'saveFailure.timeout': 'The map server did not answer in time, so it is not known whether the changes were saved. Your changes are kept; the next save first checks with the server and never saves anything twice.',
  'saveFailure.server-error': 'The map server refused the save: {detail}. Your changes are kept.',
  'saveFailure.server-error-unknown': 'The map server failed: {detail}. It is not known whether the changes were saved; they are kept, and the next save first checks with the server and never saves anything twice.',
  'saveFailure.partial': 'Some changes were saved; not saved ({count}): {detail}. The unsaved changes are kept.',
  'saveFailure.malformed-answer': 'The map server\'s answer could not be read, so it is not known whether the changes were saved. Your changes are kept; the next save first checks with the server and never saves anything twice.',
  'saveFailure.journal': 'The pending changes could not be recorded in the browser, so nothing was sent. They stay on the map; free some browser storage and save again.',
  'saveFailure.journalConflict': 'This layer is being edited in another tab. Edit and save it there, or close that tab and try again.',
};

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const MESSAGES: Readonly<Record<Locale, MessageTable>> = { 'zh-CN': zhCN, en };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The message of `key` in `locale` with its `{placeholders}` filled in. */
export function translate(locale: Locale, key: MessageKey, values: Readonly<Record<string, string | number>> = {}): string {
  return MESSAGES[locale][key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
