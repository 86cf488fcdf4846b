// Whether the page's Intl knows a time zone or a locale: Chromium takes
// a time zone it does not know and falls back to UTC.
({what, value}) => {
  try {
    if (what === 'timezone') new Intl.DateTimeFormat('en', { timeZone: value });
    else Intl.getCanonicalLocales(value);
    return true;
  } catch (e) {
    return false;
  }
}
