/**
 * antd's text inputs one by one: `Input` from `antd` is a compound that also carries Search, OTP
 * and Group (~4 KiB gzip, in the first screen too), which no screen uses.
 */
export { default as Input } from 'antd/es/input/Input';
export { default as Password } from 'antd/es/input/Password';
export { default as TextArea } from 'antd/es/input/TextArea';
