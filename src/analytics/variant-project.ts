import { hashString } from '../vocabulary/hash.js'
import type { Project } from '../contract/fixtures-schema.js'
import type { ProjectEntry } from '../model/model-index.js'
import { hasVariant, LARGE_TOPICS, VARIANT_BITS, type VariantSet } from '../vocabulary/variants.js'

/** `variant-project-status`: the statuses no example of the spec shows, one a word no list names. */
export const VARIANT_STATUSES: Readonly<Record<number, string>> = { 101: 'paused', 102: 'archived', 201: 'migrating' }

/**
 * `variant-unicode`'s additions, taken in turn: accents, CJK, right-to-left, emoji, and characters
 * JSON must escape (a quote, a backslash, a control character, a line break).
 */
export const UNICODE_SUFFIXES: readonly string[] = [
  ' Ñandú Çafé',
  ' 北风户外',
  ' שלום עולם',
  ' 🥾🌧️',
  ' "quoted" \\ back\tslash\u0001',
  ' Ελληνικά',
  ' مرحبا',
  ' line\nbreak',
]

/** The variants that change a project's own record, as a set. */
const PROJECT_VARIANTS: VariantSet = VARIANT_BITS['project-status'] | VARIANT_BITS.unicode | VARIANT_BITS.large | VARIANT_BITS.sparse

const suffixOf = (index: number) => UNICODE_SUFFIXES[index % UNICODE_SUFFIXES.length]!

/** Project 101's topics under `variant-large`: 50, each of 50 brands, its own brand first. */
function largeTopics(project: Project): Project['topics'] {
  const own = project.topics[0]?.brands[0] ?? project.display_name
  return Array.from({ length: LARGE_TOPICS }, (_, topic) => ({
    name: `${project.topics[topic % project.topics.length]?.name ?? 'topic'} ${topic + 1}`,
    brands: [own, ...Array.from({ length: LARGE_TOPICS - 1 }, (_, brand) => `Rival ${topic + 1}-${brand + 1}`)],
  }))
}

function reshape(project: Project, variants: VariantSet): Project {
  let shown = project
  if (hasVariant(variants, 'large') && project.id === 101) shown = { ...shown, topics: largeTopics(shown) }
  if (hasVariant(variants, 'project-status') && VARIANT_STATUSES[project.id] !== undefined) {
    shown = { ...shown, status: VARIANT_STATUSES[project.id]! }
  }
  if (hasVariant(variants, 'unicode')) {
    shown = {
      ...shown,
      // The display name carries every kind at once, so /projects alone shows them all.
      name: `${shown.name}${suffixOf(project.id)}`,
      display_name: `${shown.display_name}${UNICODE_SUFFIXES.join('')}`,
      topics: shown.topics.map((topic, index) => ({
        name: `${topic.name}${suffixOf(index + 2)}`,
        // A brand's addition comes from its own name: the same brand reads the same in every topic and list.
        brands: topic.brands.map((brand) => `${brand}${suffixOf(hashString(brand))}`),
      })),
    }
  }
  // A topic with no brands: the last one, where a project has more than one.
  if (hasVariant(variants, 'sparse') && shown.topics.length > 1) {
    shown = { ...shown, topics: [...shown.topics.slice(0, -1), { ...shown.topics.at(-1)!, brands: [] }] }
  }
  return shown
}

const shapes = new WeakMap<Project, Map<VariantSet, Project>>()

/**
 * The project as `variants` show it: its status (`project-status`), its texts (`unicode`), its
 * topics (`large` for project 101, `sparse`'s topic without brands). Made once per record and
 * variant set, and the same object after, so what is cached by the record (its brand maps) is too.
 *
 * @example
 * variantProject(project101, VARIANT_BITS['project-status']).status // 'paused'
 */
export function variantProject(project: Project, variants: VariantSet): Project {
  // Only the bits that change a record count, so the other variants share its shape.
  const bits = variants & PROJECT_VARIANTS
  if (bits === 0) return project
  let kept = shapes.get(project)
  if (kept === undefined) shapes.set(project, (kept = new Map()))
  let shown = kept.get(bits)
  if (shown === undefined) kept.set(bits, (shown = reshape(project, bits)))
  return shown
}

const entries = new WeakMap<ProjectEntry, Map<VariantSet, ProjectEntry>>()

/**
 * `entry` with its project as `variants` show it ({@link variantProject}), the same object per
 * entry and variant set.
 *
 * @example
 * variantEntry(entry, VARIANT_BITS.unicode).project.display_name // 'Northwind Outdoor 北风户外'
 */
export function variantEntry(entry: ProjectEntry, variants: VariantSet): ProjectEntry {
  const project = variantProject(entry.project, variants)
  if (project === entry.project) return entry
  let kept = entries.get(entry)
  if (kept === undefined) entries.set(entry, (kept = new Map()))
  const bits = variants & PROJECT_VARIANTS
  let shown = kept.get(bits)
  if (shown === undefined) kept.set(bits, (shown = { ...entry, project }))
  return shown
}
