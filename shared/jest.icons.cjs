// @ant-design/icons' entry requires all ~850 icons, a second and a half of every test file; the code imports a few
// by name. In tests this entry loads each icon on first use. Anything else comes from the real entry.
const ICON = /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/;
let entry;
const real = () => (entry ??= require('@ant-design/icons/lib'));

module.exports = new Proxy(
  { __esModule: true },
  {
    get(target, name) {
      if (name in target) return target[name];
      if (typeof name === 'string' && ICON.test(name)) return (target[name] = require(`@ant-design/icons/lib/icons/${name}`).default);
      return real()[name];
    },
  },
);
