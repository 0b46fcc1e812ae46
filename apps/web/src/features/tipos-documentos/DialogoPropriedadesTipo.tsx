import { zodResolver } from '@hookform/resolvers/zod';
import { FormGroup } from '@mui/material';
import { type AlterarTipoDocumento, MENSAGENS, type TipoDocumento, urlDocumentacaoSchema } from '@tramite/shared';
import { type FieldPath, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CampoChaveControlado } from '../../components/formulario/CampoChaveControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoEdicao } from '../../components/formulario/DialogoEdicao';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { type TextosSalvamento, useSalvarFormulario } from '../../components/formulario/use-salvar-formulario';
import { useAlterarTipoDocumento } from './api';

const ID_TITULO = 'titulo-dialogo-propriedades-tipo';
const SALVAMENTO: TextosSalvamento = {
  titulo: 'Alterando propriedades do tipo documental',
  sucesso: MENSAGENS.lookups.propriedadesAlteradas,
  erro: MENSAGENS.lookups.erroAlterarPropriedades,
};

/** The form keeps text fields as strings; empty link and observation are sent as null. */
const formularioSchema = z.object({
  descricao: z.string().trim().min(1, 'Informe a descrição').max(200, 'A descrição pode ter no máximo 200 caracteres'),
  ativo: z.boolean(),
  geraCapa: z.boolean(),
  notificaInteressadoTramitacao: z.boolean(),
  integrado: z.boolean(),
  consideradoProcessoNaAnexacao: z.boolean(),
  urlDocumentacao: z
    .string()
    .trim()
    .refine((valor) => valor === '' || urlDocumentacaoSchema.safeParse(valor).success, {
      message: 'Informe um endereço válido, começando com http:// ou https://',
    }),
  observacao: z.string().max(2000, 'A observação pode ter no máximo 2000 caracteres'),
});
type Formulario = z.input<typeof formularioSchema>;

const CAMPOS: readonly FieldPath<Formulario>[] = [
  'descricao',
  'ativo',
  'geraCapa',
  'notificaInteressadoTramitacao',
  'integrado',
  'consideradoProcessoNaAnexacao',
  'urlDocumentacao',
  'observacao',
];

const CHAVES: {
  nome: Exclude<FieldPath<Formulario>, 'descricao' | 'urlDocumentacao' | 'observacao'>;
  rotulo: string;
}[] = [
  { nome: 'ativo', rotulo: 'Ativo (pode ser usado em novas autuações)' },
  { nome: 'geraCapa', rotulo: 'Gera capa' },
  { nome: 'notificaInteressadoTramitacao', rotulo: 'Notifica o interessado por e-mail a cada tramitação' },
  { nome: 'integrado', rotulo: 'Integrado a outro sistema' },
  { nome: 'consideradoProcessoNaAnexacao', rotulo: 'Considerado processo na anexação' },
];

interface DialogoPropriedadesTipoProps {
  aberto: boolean;
  tipo: TipoDocumento | null;
  onFechar: () => void;
}

export function DialogoPropriedadesTipo({ aberto, tipo, onFechar }: DialogoPropriedadesTipoProps) {
  return (
    <DialogoEdicao
      aberto={aberto}
      idTitulo={ID_TITULO}
      titulo={`Propriedades do tipo documental${tipo ? ` ${tipo.descricao}` : ''}`}
      aoFechar={onFechar}
    >
      {tipo ? <FormularioPropriedades tipo={tipo} onFechar={onFechar} /> : null}
    </DialogoEdicao>
  );
}

function FormularioPropriedades({ tipo, onFechar }: { tipo: TipoDocumento; onFechar: () => void }) {
  const alterar = useAlterarTipoDocumento();
  const { control, handleSubmit, setError, formState } = useForm<Formulario>({
    resolver: zodResolver(formularioSchema),
    defaultValues: {
      descricao: tipo.descricao,
      ativo: tipo.ativo,
      geraCapa: tipo.geraCapa,
      notificaInteressadoTramitacao: tipo.notificaInteressadoTramitacao,
      integrado: tipo.integrado,
      consideradoProcessoNaAnexacao: tipo.consideradoProcessoNaAnexacao,
      urlDocumentacao: tipo.urlDocumentacao ?? '',
      observacao: tipo.observacao ?? '',
    },
  });
  const salvarFormulario = useSalvarFormulario(CAMPOS, setError, SALVAMENTO);

  const enviar = handleSubmit((dados) => {
    const alteracao: AlterarTipoDocumento = {
      ...dados,
      urlDocumentacao: dados.urlDocumentacao.trim() === '' ? null : dados.urlDocumentacao.trim(),
      observacao: dados.observacao.trim() === '' ? null : dados.observacao,
    };
    return salvarFormulario(() => alterar.mutateAsync({ id: tipo.id, alteracao }), onFechar);
  });

  return (
    <FormularioDialogo idTitulo={ID_TITULO} aoEnviar={enviar} aoCancelar={onFechar} enviando={formState.isSubmitting}>
      <CampoTextoControlado
        control={control}
        name="descricao"
        id="campo-descricao-tipo"
        label="Descrição"
        required
        maxLength={200}
      />
      <FormGroup>
        {CHAVES.map(({ nome, rotulo }) => (
          <CampoChaveControlado key={nome} control={control} name={nome} rotulo={rotulo} />
        ))}
      </FormGroup>
      <CampoTextoControlado
        control={control}
        name="urlDocumentacao"
        id="campo-url-documentacao"
        label="Endereço da documentação"
        type="url"
        textoAjuda="Manual ou página com orientações sobre o tipo (opcional)."
        maxLength={500}
      />
      <CampoTextoControlado
        control={control}
        name="observacao"
        id="campo-observacao-tipo"
        label="Observação"
        multiline
        minRows={3}
        maxLength={2000}
      />
    </FormularioDialogo>
  );
}
