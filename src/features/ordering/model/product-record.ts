/**
 * The fields of a product document without its id and timestamps: what the seller's dialog writes (the image
 * fields once its upload is done), what the seed writes, and what the storefront and the dashboard read back.
 * One definition beside OrderFields, so the writers and the readers cannot drift apart.
 */
export interface ProductFields {
  name: string;
  description: string | null;
  price: number;
  original_price: number | null;
  category: string | null;
  stock_quantity: number;
  is_active: boolean;
  /** The image's download URL, and its path in the bucket (so it can be deleted with the product). */
  image_url: string | null;
  image_path: string | null;
}

/** A stored product as the web app reads it back: its fields, its id, and its timestamps as dates. */
export interface Product extends ProductFields {
  id: string;
  created_at: Date | null;
  updated_at: Date | null;
}
