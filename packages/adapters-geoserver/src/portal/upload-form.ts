import type { UploadFieldValue, UploadRequest } from '@gportal/core';

function appendField(form: FormData, key: string, value: UploadFieldValue): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => appendField(form, `${key}[${index}]`, item));
  } else if (typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) appendField(form, `${key}.${name}`, item);
  } else {
    form.append(key, String(value));
  }
}

/**
 * The multipart form of `/common/PostData`: files as `file0..n`, fields by name, nested lists and
 * objects flattened the way ASP.NET and Spring bind them (`list[0].name`, `list[1]`).
 */
export function uploadForm(request: UploadRequest): FormData {
  const form = new FormData();
  request.files.forEach((file, index) => {
    // A copy backed by a plain ArrayBuffer, as Blob requires.
    form.append(`file${index}`, new Blob([new Uint8Array(file.content)], file.type ? { type: file.type } : {}), file.name);
  });
  for (const [key, value] of Object.entries(request.fields)) appendField(form, key, value);
  return form;
}
