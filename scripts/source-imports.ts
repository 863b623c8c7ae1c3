import ts from 'typescript'

/** Every import of one source file (static, dynamic and `export … from`), with the line it is on. */
export function importsOf(source: string): { specifier: string; line: number }[] {
  const info = ts.preProcessFile(source, true, true)
  return info.importedFiles.map((ref) => ({
    specifier: ref.fileName,
    line: source.slice(0, ref.pos).split('\n').length,
  }))
}
