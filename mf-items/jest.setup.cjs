// jsdom has no object URLs; an image preview only needs a distinct string per file.
if (typeof URL.createObjectURL === 'undefined') {
  let n = 0;
  URL.createObjectURL = () => `blob:preview-${(n += 1)}`;
  URL.revokeObjectURL = () => {};
}
