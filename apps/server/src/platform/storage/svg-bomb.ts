// A hostile SVG for the tests and bench/svg-upload-signin.mjs (issue 16).

/** ~1 KB: a turbulence + blur + dilate filter in bounding-box units over large rectangles (minutes of librsvg CPU). */
export function filterBombSvg(layers = 8): string {
  const rects = Array.from({ length: layers }, () => '<rect width="6000" height="6000" filter="url(#f)"/>').join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000">' +
    '<filter id="f" filterUnits="userSpaceOnUse" primitiveUnits="objectBoundingBox" x="0" y="0" width="6000" height="6000">' +
    '<feTurbulence baseFrequency="0.05" numOctaves="30" result="t"/><feGaussianBlur in="t" stdDeviation="200"/>' +
    '<feMorphology operator="dilate" radius="60"/></filter>' +
    rects +
    '</svg>'
  );
}
