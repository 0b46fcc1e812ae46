import { zodResolver } from '@hookform/resolvers/zod';
import { type ItemGlossario, MENSAGENS, type SalvarItemGlossario, salvarItemGlossarioSchema } from '@tramite/shared';
import { useEffect, useMemo } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoEdicao } from '../../components/formulario/DialogoEdicao';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { type TextosSalvamento, useSalvarFormulario } from '../../components/formulario/use-salvar-formulario';
import { mensagemComDetalhe } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useAssuntosDoTipo } from '../tipos-documentos/api';
import { useSalvarItemVocabulario, useTiposParaVocabulario } from './api';

const CAMPOS: readonly FieldPath<SalvarItemGlossario>[] = ['idTipoDocumento', 'idAssunto', 'descricao', 'detalhamento'];
const ID_TITULO = 'titulo-dialogo-item-vocabulario';
const SALVAMENTO: TextosSalvamento = {
  titulo: 'Salvando item do vocabulário controlado',
  sucesso: MENSAGENS.lookups.itemSalvo,
  erro: MENSAGENS.lookups.erroSalvarVocabulario,
};

interface DialogoItemVocabularioProps {
  aberto: boolean;
  /** The item being edited, or null for a new one. */
  item: ItemGlossario | null;
  onFechar: () => void;
}

/** Add or edit a glossary item: document type, one of its assignable subjects, description and detail. */
export function DialogoItemVocabulario({ aberto, item, onFechar }: DialogoItemVocabularioProps) {
  return (
    <DialogoEdicao
      aberto={aberto}
      idTitulo={ID_TITULO}
      titulo={item ? 'Editar item do vocabulário controlado' : 'Novo item do vocabulário controlado'}
      aoFechar={onFechar}
    >
      <FormularioItem item={item} onFechar={onFechar} />
    </DialogoEdicao>
  );
}

const numeroOuNulo = (valor: unknown) => (typeof valor === 'number' && valor > 0 ? valor : null);

function FormularioItem({ item, onFechar }: { item: ItemGlossario | null; onFechar: () => void }) {
  const salvar = useSalvarItemVocabulario();
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm({
    resolver: zodResolver(salvarItemGlossarioSchema),
    defaultValues: {
      idTipoDocumento: item?.idTipoDocumento ?? '',
      idAssunto: item?.idAssunto ?? '',
      descricao: item?.descricao ?? '',
      detalhamento: item?.detalhamento ?? '',
    },
  });
  const salvarFormulario = useSalvarFormulario(CAMPOS, setError, SALVAMENTO);
  const idTipo = numeroOuNulo(useWatch({ control, name: 'idTipoDocumento' }));

  const tipos = useTiposParaVocabulario();
  const assuntos = useAssuntosDoTipo(idTipo);
  useErroConsulta(tipos.error, (erro) => mensagemComDetalhe(MENSAGENS.lookups.erroBuscarTiposDocumento, erro));
  useErroConsulta(assuntos.error, (erro) => mensagemComDetalhe(MENSAGENS.autuacao.erroCarregarListaAssuntos, erro));

  // An item of a type that no longer qualifies keeps its type (and subject) on the list, so it can still be edited.
  const opcoesTipo = useMemo(() => {
    const lista = (tipos.data ?? []).map((tipo) => ({ valor: tipo.id, rotulo: tipo.descricao }));
    if (item && !lista.some((tipo) => tipo.valor === item.idTipoDocumento)) {
      lista.unshift({ valor: item.idTipoDocumento, rotulo: item.tipoDocumento });
    }
    return lista;
  }, [tipos.data, item]);
  const opcoesAssunto = useMemo(() => {
    const lista = (assuntos.data ?? [])
      .filter((assunto) => assunto.atribuivel)
      .map((assunto) => ({ valor: assunto.id, rotulo: `${assunto.codigo} — ${assunto.descricao}` }));
    if (item && idTipo === item.idTipoDocumento && !lista.some((assunto) => assunto.valor === item.idAssunto)) {
      lista.unshift({ valor: item.idAssunto, rotulo: `${item.codigoAssunto} — ${item.descricaoAssunto}` });
    }
    return lista;
  }, [assuntos.data, item, idTipo]);

  // A subject of another type is cleared; a type with a single assignable subject gets it pre-selected.
  useEffect(() => {
    if (!assuntos.data) return;
    const atual = numeroOuNulo(getValues('idAssunto'));
    if (atual !== null && opcoesAssunto.some((assunto) => assunto.valor === atual)) return;
    const unico = opcoesAssunto.length === 1 ? opcoesAssunto[0] : undefined;
    setValue('idAssunto', unico ? unico.valor : '');
  }, [assuntos.data, opcoesAssunto, getValues, setValue]);

  const enviar = handleSubmit((dados) =>
    salvarFormulario(
      () =>
        salvar.mutateAsync({
          id: item?.idItemGlossario ?? null,
          dados: { ...dados, detalhamento: dados.detalhamento ? dados.detalhamento : null },
        }),
      onFechar,
    ),
  );

  return (
    <FormularioDialogo idTitulo={ID_TITULO} aoEnviar={enviar} aoCancelar={onFechar} enviando={formState.isSubmitting}>
      <CampoSelecaoControlado
        control={control}
        name="idTipoDocumento"
        id="campo-tipo-documento"
        rotulo="Tipo de documento"
        required
        opcoes={opcoesTipo}
        erro={tipos.isError}
        textoAjuda={tipos.isError ? MENSAGENS.lookups.erroBuscarTiposDocumento : 'Tipos com assuntos atribuíveis.'}
      />
      <CampoSelecaoControlado
        control={control}
        name="idAssunto"
        id="campo-assunto"
        rotulo="Assunto"
        required
        disabled={idTipo === null}
        opcoes={opcoesAssunto}
        erro={assuntos.isError}
        textoAjuda={
          assuntos.isError
            ? MENSAGENS.autuacao.erroCarregarListaAssuntos
            : idTipo === null
              ? 'Escolha antes o tipo de documento.'
              : 'Somente assuntos atribuíveis ao tipo escolhido.'
        }
      />
      <CampoTextoControlado
        control={control}
        name="descricao"
        id="campo-descricao"
        label="Descrição"
        required
        maxLength={300}
      />
      <CampoTextoControlado
        control={control}
        name="detalhamento"
        id="campo-detalhamento"
        label="Detalhamento"
        multiline
        minRows={3}
        textoAjuda="Quando usar este tipo e assunto, o que anexar, por onde passa."
        maxLength={4000}
      />
    </FormularioDialogo>
  );
}
