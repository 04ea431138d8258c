import { describe, expect, it } from 'vitest';
import { richTextImageFileIds, sanitizeRichText } from './rich-text.js';

const LINK = 'target="_blank" rel="noopener noreferrer"';

describe('sanitizeRichText: attacks are dropped', () => {
  it.each([
    ['a script', '<p>Bonjour</p><script>alert(1)</script>', '<p>Bonjour</p>'],
    ['a script hidden in a paragraph', '<p>a<script>document.cookie</script>b</p>', '<p>ab</p>'],
    ['an event handler', '<p onclick="steal()" onmouseover="x()">Texte</p>', '<p>Texte</p>'],
    ['an image onerror', '<img src="/api/files/12" onerror="alert(1)">', '<img src="/api/files/12" />'],
    ['an image from nowhere with onerror', '<img src=x onerror=alert(1)>Texte', 'Texte'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', `<a ${LINK}>x</a>`],
    ['a javascript: link hidden by a tab entity', '<a href="java&#x09;script:alert(1)">x</a>', `<a ${LINK}>x</a>`],
    ['a javascript: link in capitals', '<a href="JAVASCRIPT:alert(1)">x</a>', `<a ${LINK}>x</a>`],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', `<a ${LINK}>x</a>`],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', `<a ${LINK}>x</a>`],
    ['a protocol-relative link', '<a href="//evil.example/x">x</a>', `<a ${LINK}>x</a>`],
    ['a data: image', '<p>a<img src="data:image/png;base64,iVBORw0KGgo=">b</p>', '<p>ab</p>'],
    ['an image of another site', '<img src="https://evil.example/pixel.png" alt="x">', ''],
    ['an absolute image of our store (only the relative path is ours)', '<img src="https://reseau.example/api/files/3">', ''],
    ['an image of our store with a query', '<img src="/api/files/3?token=x">', ''],
    ['an image of our store climbing out', '<img src="/api/files/../auth/me">', ''],
    ['an image of our store with a too large id', '<img src="/api/files/99999999999">', ''],
    ['an image with srcset', '<img src="/api/files/3" srcset="https://evil.example/a.png 2x">', '<img src="/api/files/3" />'],
    ['a javascript: image', '<img src="javascript:alert(1)">', ''],
    ['an svg with a script', '<svg onload="alert(1)"><script>alert(1)</script><circle r="5"/></svg>Texte', 'Texte'],
    ['an svg image', '<svg><image href="https://evil.example/x.svg"/></svg>', ''],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['a style element', '<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['a class and an id', '<p class="x" id="y">x</p>', '<p>x</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>Texte', 'Texte'],
    ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf">Texte', 'Texte'],
    ['a form', '<form action="https://evil.example"><input name="password"><button>OK</button></form>', 'OK'],
    ['a math link', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">x', 'x'],
    ['a base', '<base href="https://evil.example/">x', 'x'],
    ['a comment', '<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
    ['a target other than a new tab', '<a href="https://a.fr" target="_top">x</a>', `<a href="https://a.fr" ${LINK}>x</a>`],
    ['a rel left open', '<a href="https://a.fr" rel="opener">x</a>', `<a href="https://a.fr" ${LINK}>x</a>`],
  ])('%s', (_case, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });
});

describe('sanitizeRichText: what the editor writes is kept', () => {
  it.each([
    ['paragraphs and breaks', '<p>Première ligne<br>Deuxième</p><p>Suite</p>', '<p>Première ligne<br />Deuxième</p><p>Suite</p>'],
    [
      'emphasis',
      '<p><strong>gras</strong> <b>b</b> <em>italique</em> <i>i</i> <u>souligné</u></p>',
      '<p><strong>gras</strong> <b>b</b> <em>italique</em> <i>i</i> <u>souligné</u></p>',
    ],
    ['headings h2 to h4', '<h2>Titre</h2><h3>Partie</h3><h4>Point</h4>', '<h2>Titre</h2><h3>Partie</h3><h4>Point</h4>'],
    [
      'lists as Tiptap writes them',
      '<ul><li><p>un</p></li></ul><ol><li><p>deux</p></li></ol>',
      '<ul><li><p>un</p></li></ul><ol><li><p>deux</p></li></ol>',
    ],
    ['a quote', '<blockquote><p>Citation</p></blockquote>', '<blockquote><p>Citation</p></blockquote>'],
    ['an https link', '<a href="https://www.ademe.fr/">ADEME</a>', `<a href="https://www.ademe.fr/" ${LINK}>ADEME</a>`],
    ['an http link', '<a href="http://exemple.fr">x</a>', `<a href="http://exemple.fr" ${LINK}>x</a>`],
    ['a mailto link', '<a href="mailto:contact@agence.fr">écrire</a>', `<a href="mailto:contact@agence.fr" ${LINK}>écrire</a>`],
    ['a tel link', '<a href="tel:0320000000">appeler</a>', `<a href="tel:0320000000" ${LINK}>appeler</a>`],
    ['a link to one of our pages', '<a href="/intranet/actualites">voir</a>', `<a href="/intranet/actualites" ${LINK}>voir</a>`],
    [
      'an image of our store with its alt text',
      '<p><img src="/api/files/42" alt="Chaudière « neuve » & pompe"></p>',
      '<p><img src="/api/files/42" alt="Chaudière « neuve » &amp; pompe" /></p>',
    ],
    ['an image of our store written with entities', '<img src="&#47;api&#47;files&#47;7">', '<img src="/api/files/7" />'],
    ['text that looks like markup', '<p>1 &lt; 2 &amp; 3 &gt; 2</p>', '<p>1 &lt; 2 &amp; 3 &gt; 2</p>'],
  ])('%s', (_case, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });

  it('turns a pasted h1 into h2 and h5/h6 into h4 (the page has its own h1)', () => {
    expect(sanitizeRichText('<h1>A</h1><h5>B</h5><h6>C</h6>')).toBe('<h2>A</h2><h4>B</h4><h4>C</h4>');
  });

  it('is stable: sanitizing twice changes nothing', () => {
    const once = sanitizeRichText(
      '<h1>T</h1><p onclick="x"><a href="https://a.fr">a</a><img src="/api/files/5" alt="x"><img src="https://b.fr/x.png"></p>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('richTextImageFileIds', () => {
  it('lists the store images of a sanitized text, each once', () => {
    const html = sanitizeRichText(
      '<img src="/api/files/4"><p>x<img src="/api/files/9" alt="b"></p><img src="/api/files/4"><img src="https://evil.example/api/files/5">',
    );
    expect(richTextImageFileIds(html)).toEqual([4, 9]);
  });

  it('ignores an image path written as text or inside an alt', () => {
    const html = sanitizeRichText(
      '<p>&lt;img src="/api/files/8"&gt;</p><img src="/api/files/2" alt=\'<img src="/api/files/3">\'>',
    );
    expect(richTextImageFileIds(html)).toEqual([2]);
  });
});
