/** The bank's colour, with whichever of black or white text reads best on it (WCAG contrast). */
export function themeFrom(primaryColor: string | undefined) {
  const color = /^#[0-9a-f]{6}$/i.test(primaryColor ?? '') ? primaryColor! : '#0b4f8a';
  const channel = (offset: number) => {
    const value = parseInt(color.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / 0.05;
  return { '--bank': color, '--on-bank': onBlack > onWhite ? '#000000' : '#ffffff' };
}
